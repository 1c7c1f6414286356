import { useEffect, useState } from "react";
import { loadAccountSchemas, preloadAccountSchemas } from "../../lib/account-schemas";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { api } from "../../state/session";
import { TitledDialog } from "../ui/dialog";
import { isCompleteOtp } from "./otp";
import { OtpInput } from "./otp-input";

interface EmailOtpDialogProps {
  open: boolean;
  /** The address the code went to (on /login: what the shopper typed, which may be a phone number). */
  email: string;
  title: string;
  onClose: () => void;
  onVerified: () => void;
}

/**
 * SPEC §2 email-verification modal: six boxes, Verify (Verifying... while busy), the address shown and
 * any error text. Errors (SPEC §8 OTP, inline): the server message, or 'Invalid OTP', or the error text.
 */
export function EmailOtpDialog({ open, email, title, onClose, onVerified }: EmailOtpDialogProps) {
  const t = useT();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // A fresh start every time the dialog opens.
  useEffect(() => {
    if (!open) return;
    preloadAccountSchemas();
    setCode("");
    setError(undefined);
  }, [open]);

  async function verify() {
    setError(undefined);
    const schemas = await loadAccountSchemas(() => setError(t("otp.invalid")));
    if (!schemas) return;
    const parsed = schemas.VerifyEmailOtpSchema.safeParse({ email, otp: code });
    if (!parsed.success) {
      // SPEC §5 Login: the code step only works for an e-mail identifier; the schema says so.
      setError(parsed.error.issues[0]?.message ?? t("otp.invalid"));
      return;
    }
    setBusy(true);
    const result = await api("/api/user/verify-email-otp", { body: parsed.data });
    setBusy(false);
    if (!result.success) {
      setError(result.message || t("otp.invalid"));
      return;
    }
    toast.success(t("otp.verified"), { description: result.message || t("otp.verifiedText") });
    onVerified();
  }

  return (
    <TitledDialog
      open={open}
      onClose={onClose}
      title={title}
      busy={busy}
      testId="email-otp-dialog"
      description={
        <>
          {t("otp.text")}
          <strong className="mt-1 block font-semibold break-all text-ink" data-testid="otp-email">
            {email}
          </strong>
        </>
      }
    >
      <form
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (isCompleteOtp(code) && !busy) void verify();
        }}
      >
        <OtpInput key={open ? email : "closed"} onChange={setCode} error={error} autoFocus />
        <button
          type="submit"
          className="btn-primary mt-6 w-full disabled:cursor-not-allowed disabled:opacity-50"
          disabled={!isCompleteOtp(code) || busy}
        >
          {busy ? t("otp.verifying") : t("otp.verify")}
        </button>
      </form>
    </TitledDialog>
  );
}
