import { useSearchParams } from "react-router";
import type { FieldErrors } from "../../lib/form";
import { useT } from "../../lib/i18n";
import { PasswordField, TextField } from "../ui/field";
import { FormError } from "./auth-layout";

/**
 * The pieces of the account pages that only a form posted before (or without) the page's script shows
 * (decision 0018). A page's first load never carries them: app/components/account/native.tsx loads them
 * when a page has one to hydrate.
 */

/** A success the server drew for a form posted before (or without) the page's script, announced at once. */
function FormNotice({ title, text }: { title: string; text: string }) {
  return (
    <div
      role="status"
      className="mb-6 rounded-xl bg-accent/10 px-4 py-3 text-sm text-ink"
      data-testid="form-notice"
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-stone">{text}</p>
    </div>
  );
}

/**
 * The e-mail code's step of a sign-up or log-in posted before the page's script: the modal's question as a plain
 * form (SPEC §4), posting the code to this page's action.
 */
export function NativeCodeForm({ email, csrf, failure }: { email: string; csrf?: string; failure?: string }) {
  const t = useT();
  return (
    <form method="post" className="mb-8 flex flex-col gap-4" data-testid="native-code-form">
      <input type="hidden" name="csrf" value={csrf ?? ""} />
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="email" value={email} />
      <p className="text-stone">
        {t("otp.text")} <strong className="font-semibold break-all text-ink">{email}</strong>
      </p>
      <TextField
        label={t("otp.label")}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={failure}
        required
      />
      <button type="submit" className="btn-primary w-full">
        {t("otp.verify")}
      </button>
    </form>
  );
}

/**
 * The code and new password's step of a reset posted before the page's script: one plain form, posting
 * to this page's action (SPEC §4's last two steps together, since no script moves between them).
 */
export function NativeResetForm({
  email,
  csrf,
  errors,
  failure,
}: {
  email: string;
  csrf?: string;
  errors: FieldErrors;
  failure?: string;
}) {
  const t = useT();
  return (
    <form method="post" noValidate className="flex flex-col gap-5" data-testid="native-reset-form">
      {failure ? null : <FormNotice title={t("forgot.otpSent")} text={t("forgot.otpSentText", { email })} />}
      <input type="hidden" name="csrf" value={csrf ?? ""} />
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="email" value={email} />
      <TextField
        label={t("otp.label")}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.otp}
        required
      />
      <PasswordField
        label={t("forgot.newPassword")}
        name="newPassword"
        autoComplete="new-password"
        placeholder={t("authForm.passwordPlaceholder")}
        error={errors.newPassword}
        required
      />
      <PasswordField
        label={t("forgot.confirmPassword")}
        name="confirmPassword"
        autoComplete="new-password"
        required
      />
      {failure ? <FormError text={failure} /> : null}
      <button type="submit" className="btn-primary w-full">
        {t("forgot.submit")}
      </button>
    </form>
  );
}

/** What /login says after a sign-up, a code or a reset posted before the page's script (?notice=…). */
export function LoginNotice() {
  const t = useT();
  const [params] = useSearchParams();
  const notice = params.get("notice");
  if (notice === "created") return <FormNotice title={t("signup.created")} text={t("signup.createdText")} />;
  if (notice === "verified") return <FormNotice title={t("otp.verified")} text={t("otp.verifiedText")} />;
  if (notice === "reset") return <FormNotice title={t("forgot.success")} text={t("forgot.successText")} />;
  return null;
}
