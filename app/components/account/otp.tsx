import { type ComponentProps, Suspense } from "react";
import { OTP_LENGTH } from "#core/constants.ts";
import { lazy } from "../../lib/lazy";
import type { EmailOtpDialog } from "./email-otp-dialog";
import type { OtpInput } from "./otp-input";

/**
 * The e-mail code's pieces (the six boxes, the verification dialog) are needed only once a form has been
 * sent, so they are not part of the sign-in pages' first-load JavaScript (docs/decisions/0011-speed.md):
 * a form starts their download as it is sent, and they are here by the time the server asks for a code.
 */
const loadDialog = () => import("./email-otp-dialog");
const loadInput = () => import("./otp-input");
const DialogView = lazy(() => loadDialog().then((m) => ({ default: m.EmailOtpDialog })));
const InputView = lazy(() => loadInput().then((m) => ({ default: m.OtpInput })));

export function isCompleteOtp(code: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);
}

export function preloadEmailOtpDialog(): void {
  loadDialog().catch(() => {});
}

export function preloadOtpInput(): void {
  loadInput().catch(() => {});
}

/** The e-mail verification dialog (email-otp-dialog.tsx), in the page only while it is open. */
export function LazyEmailOtpDialog(props: ComponentProps<typeof EmailOtpDialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogView {...props} />
    </Suspense>
  );
}

/** The six boxes (otp-input.tsx). */
export function LazyOtpInput(props: ComponentProps<typeof OtpInput>) {
  return (
    <Suspense fallback={null}>
      <InputView {...props} />
    </Suspense>
  );
}
