import { useState } from "react";

import {
  AuthForm,
  AuthLayout,
  AuthSwitch,
  authMeta,
  SubmitButton,
  usePreloadAccountSchemas,
  useRedirectSignedIn,
} from "../components/account/auth-layout";
import { GoogleEntry } from "../components/account/google-entry";
import { LazyEmailOtpDialog, preloadEmailOtpDialog } from "../components/account/otp";
import { PasswordField, TextField } from "../components/ui/field";
import { loadAccountSchemas } from "../lib/account-schemas";
import { useFormState } from "../lib/form";
import { useLocale, useLocalNavigate, useT } from "../lib/i18n";
import { postBack } from "../lib/post-back.server";
import { toast } from "../lib/toast";
import { api } from "../state/session";
import type { Route } from "./+types/signup";

/** A post that arrived without the page's script: back to the page, no field ever in a URL. */
export function action({ request }: Route.ActionArgs) {
  return postBack(request);
}

export function meta({ matches }: Route.MetaArgs) {
  return authMeta(matches, "authForm.metaSignup", "/signup");
}

const EMPTY = { name: "", phone: "", email: "", password: "" };

/** SPEC §2 /signup; SPEC §4 Signup: on success the e-mail code modal, then /login. */
export default function SignupPage() {
  const t = useT();
  const locale = useLocale();
  useRedirectSignedIn();
  usePreloadAccountSchemas();
  const navigate = useLocalNavigate();
  const { form, values, check, field } = useFormState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);

  async function submit() {
    const email = values.email.trim();
    // An account with an e-mail address is verified by a code next.
    if (email) preloadEmailOtpDialog();
    const schemas = await loadAccountSchemas(() =>
      toast.error(t("signup.failed"), { description: t("signup.failedFallback") }),
    );
    if (!schemas) return;
    const data = check(schemas.RegisterSchema, { ...values, email: email || undefined });
    if (!data) return;
    setBusy(true);
    const result = await api("/api/user/register", { body: { ...data, language: locale } });
    setBusy(false);
    if (!result.success) {
      toast.error(t("signup.failed"), { description: result.message || t("signup.failedFallback") });
      return;
    }
    if (email) {
      setVerifyEmail(email);
      return;
    }
    // No e-mail, nothing to verify (issue #4): straight to sign-in.
    toast.success(t("signup.created"), { description: result.message || t("signup.createdText") });
    navigate("/login");
  }

  return (
    <AuthLayout
      title={t("signup.title")}
      subtitle={t("signup.subtitle")}
      testId="signup-page"
      footer={<AuthSwitch text={t("signup.haveAccount")} link={t("signup.loginLink")} to="/login" />}
    >
      <GoogleEntry mode="signup" />
      <AuthForm formRef={form} blocked={busy} onSubmit={() => void submit()}>
        <TextField label={t("authForm.fullName")} autoComplete="name" {...field("name")} required />
        <TextField
          label={t("authForm.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t("authForm.phonePlaceholder")}
          hint={t("authForm.phoneHint")}
          {...field("phone")}
          required
        />
        <TextField
          label={t("authForm.email")}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("authForm.emailPlaceholder")}
          {...field("email")}
          optional
        />
        <PasswordField
          label={t("authForm.password")}
          autoComplete="new-password"
          placeholder={t("authForm.passwordPlaceholder")}
          {...field("password")}
          required
        />
        <SubmitButton busy={busy} label={t("signup.submit")} busyLabel={t("signup.busy")} />
      </AuthForm>
      <LazyEmailOtpDialog
        open={verifyEmail !== null}
        email={verifyEmail ?? ""}
        title={t("otp.title")}
        onClose={() => setVerifyEmail(null)}
        onVerified={() => {
          setVerifyEmail(null);
          navigate("/login");
        }}
      />
    </AuthLayout>
  );
}
