import { useRef, useState } from "react";
import { loadAccountSchemas, preloadAccountSchemas } from "../../lib/account-schemas";
import { useLocale, useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { api, login } from "../../state/session";
import { TitledDialog } from "../ui/dialog";
import { TextField } from "../ui/field";
import { GoogleSignIn } from "./google-sign-in";

/** SPEC §4 Social signup / §8: the server's answer that opens the phone prompt. */

/**
 * SPEC §4 social sign-in and signup: the credential goes to POST /api/user/google-login with
 * signupAllowed true. 'Phone number required for signup.' opens the phone prompt; the credential and
 * phone are then sent again. Success stores the token and fetches the profile; the page's token-holder
 * redirect then takes the shopper to the cart or the shop.
 */
export function useGoogleAuth(mode: "signin" | "signup") {
  const t = useT();
  const locale = useLocale();
  const [pending, setPending] = useState<string | null>(null);
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function send(credential: string, withPhone?: string) {
    setBusy(true);
    const result = await api("/api/user/google-login", {
      body: { credential, signupAllowed: true, language: locale, ...(withPhone ? { phone: withPhone } : {}) },
      loading: true,
    });
    setBusy(false);
    if (result.success && result.token) {
      setPending(null);
      await login(result.token);
      return;
    }
    if (!withPhone && result.code === "phone_required") {
      preloadAccountSchemas();
      setPhone("");
      setPhoneError(undefined);
      setPending(credential);
      return;
    }
    if (withPhone) {
      // SPEC §8: social signup failure.
      setPhoneError(result.message || t("google.tryAgain"));
      toast.error(t("google.signupFailed"), { description: result.message || t("google.tryAgain") });
      return;
    }
    toast.error(mode === "signup" ? t("google.signupFailed") : t("google.loginFailed"), {
      description: result.message || t("google.tryAgain"),
    });
  }

  async function submitPhone() {
    if (!pending) return;
    const schemas = await loadAccountSchemas(() => setPhoneError(t("google.tryAgain")));
    if (!schemas) return;
    const parsed = schemas.GoogleLoginSchema.safeParse({ credential: pending, signupAllowed: true, phone });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === "phone") ?? parsed.error.issues[0];
      setPhoneError(issue?.message);
      form.current?.querySelector<HTMLInputElement>("input[name=phone]")?.focus();
      return;
    }
    setPhoneError(undefined);
    void send(pending, parsed.data.phone ?? phone);
  }

  const dialog = (
    <TitledDialog
      open={pending !== null}
      onClose={() => setPending(null)}
      title={t("google.phoneTitle")}
      description={t("google.phoneText")}
      busy={busy}
      testId="phone-dialog"
    >
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submitPhone();
        }}
      >
        <TextField
          label={t("authForm.phone")}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t("authForm.phonePlaceholder")}
          hint={t("authForm.phoneHint")}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={phoneError}
          required
          data-autofocus=""
        />
        <button type="submit" className="btn-primary mt-6 w-full disabled:opacity-60" disabled={busy}>
          {busy ? t("google.phoneBusy") : t("google.phoneSubmit")}
        </button>
      </form>
    </TitledDialog>
  );

  return { onCredential: (credential: string) => void send(credential), dialog };
}

/** Google's live button and the phone prompt (google-entry.tsx loads them once the page has hydrated). */
export function GoogleAuth({ clientId, mode }: { clientId: string; mode: "signin" | "signup" }) {
  const google = useGoogleAuth(mode);
  return (
    <>
      <GoogleSignIn clientId={clientId} mode={mode} onCredential={google.onCredential} />
      {google.dialog}
    </>
  );
}
