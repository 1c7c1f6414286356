import { useEffect, useState } from "react";

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
import { Link, useLocale, useT } from "../lib/i18n";
import { postBack } from "../lib/post-back.server";
import { toast } from "../lib/toast";
import { RESET_DONE_KEY } from "../state/flash";
import { api, login } from "../state/session";
import type { Route } from "./+types/login";

/** A post that arrived without the page's script: back to the page, no field ever in a URL. */
export function action({ request }: Route.ActionArgs) {
  return postBack(request);
}

export function meta({ matches }: Route.MetaArgs) {
  return authMeta(matches, "authForm.metaLogin", "/login");
}

/** SPEC §4 Login / §8: this phrase in the server's answer opens the e-mail code step. */

/** SPEC §2 /login. */
export default function LoginPage() {
  const t = useT();
  const locale = useLocale();
  useRedirectSignedIn();
  usePreloadAccountSchemas();
  const { form, values, check, field } = useFormState({
    identifier: "",
    password: "",
  });
  const [busy, setBusy] = useState(false);
  const [verifying, setVerifying] = useState(false);

  // SPEC §8: after the password reset's full page load, /login says 'Password Reset Successful'. The
  // toaster mounts after hydration; the toast waits for it (lib/toast).
  useEffect(() => {
    if (sessionStorage.getItem(RESET_DONE_KEY) === null) return;
    sessionStorage.removeItem(RESET_DONE_KEY);
    toast.success(t("forgot.success"), { description: t("forgot.successText") });
  }, [t]);

  async function submit() {
    // The server may answer that the e-mail address needs its code first.
    preloadEmailOtpDialog();
    const schemas = await loadAccountSchemas(() =>
      toast.error(t("login.failed"), { description: t("login.failedFallback") }),
    );
    if (!schemas) return;
    const data = check(schemas.LoginSchema);
    if (!data) return;
    setBusy(true);
    const result = await api<{ token: string }>("/api/user/login", { body: { ...data, language: locale } });
    if (result.success && result.token) {
      await login(result.token);
      setBusy(false);
      return;
    }
    setBusy(false);
    if (result.code === "email_unverified") {
      setVerifying(true);
      return;
    }
    toast.error(t("login.failed"), { description: result.message || t("login.failedFallback") });
  }

  return (
    <AuthLayout
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      testId="login-page"
      footer={<AuthSwitch text={t("login.noAccount")} link={t("login.signupLink")} to="/signup" />}
    >
      <GoogleEntry mode="signin" />
      <AuthForm formRef={form} blocked={busy} onSubmit={() => void submit()}>
        <TextField
          label={t("authForm.identifier")}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("authForm.identifierPlaceholder")}
          {...field("identifier")}
          required
        />
        <div>
          <PasswordField
            label={t("authForm.password")}
            autoComplete="current-password"
            {...field("password")}
            required
          />
          <div className="mt-2 flex justify-end">
            <Link
              to="/forgot-password"
              className="text-sm text-accent-dark underline-offset-4 hover:underline"
            >
              {t("login.forgot")}
            </Link>
          </div>
        </div>
        <SubmitButton busy={busy} label={t("login.submit")} busyLabel={t("login.busy")} />
      </AuthForm>
      <LazyEmailOtpDialog
        open={verifying}
        email={values.identifier.trim()}
        title={t("login.unverifiedTitle")}
        onClose={() => setVerifying(false)}
        onVerified={() => {
          setVerifying(false);
          // The shopper already typed their password: sign them straight in.
          void submit();
        }}
      />
    </AuthLayout>
  );
}
