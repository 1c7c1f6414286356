import { useEffect, useState } from "react";
import { Link } from "react-router";
import { t } from "#core/i18n/index.ts";
import { AuthLayout, OrDivider, useRedirectSignedIn } from "../components/account/auth-layout";
import { EmailOtpDialog } from "../components/account/email-otp-dialog";
import { Field, PasswordField } from "../components/account/form-field";
import { useGoogleAuth } from "../components/account/google-auth";
import { GoogleSignIn, useGoogleClientId } from "../components/account/google-sign-in";
import { accountSchemas, preloadAccountSchemas } from "../lib/account-schemas";
import { useFormState } from "../lib/form";
import { pageMeta, shopFromMatches } from "../lib/seo";
import { toast } from "../lib/toast";
import { RESET_DONE_KEY } from "../state/flash";
import { api, login } from "../state/session";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    title: t("authForm.metaLogin", { shop: shop?.shopName ?? "" }),
    description: t("authForm.metaDescription", { shop: shop?.shopName ?? "" }),
    path: "/login",
    noindex: true,
  });
}

/** SPEC §4 Login / §8: this phrase in the server's answer opens the e-mail code step. */
const UNVERIFIED = /verify your email before logging in/i;

/** SPEC §2 /login. */
export default function LoginPage() {
  useRedirectSignedIn();
  // The form's checks load once the page has hydrated, before the shopper can submit (lib/account-schemas).
  useEffect(preloadAccountSchemas, []);
  const clientId = useGoogleClientId();
  const google = useGoogleAuth("signin");
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
  }, []);

  async function submit() {
    let schemas: Awaited<ReturnType<typeof accountSchemas>>;
    try {
      schemas = await accountSchemas();
    } catch {
      toast.error(t("login.failed"), { description: t("login.failedFallback") });
      return;
    }
    const data = check(schemas.LoginSchema);
    if (!data) return;
    setBusy(true);
    const result = await api<{ token: string }>("/api/user/login", { body: data });
    if (result.success && result.token) {
      await login(result.token);
      setBusy(false);
      return;
    }
    setBusy(false);
    if (UNVERIFIED.test(result.message ?? "")) {
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
      footer={
        <>
          {t("login.noAccount")}{" "}
          <Link to="/signup" className="font-medium text-accent-dark underline underline-offset-4">
            {t("login.signupLink")}
          </Link>
        </>
      }
    >
      {/* Without a Google client id there is no Google sign-in to offer: neither button nor divider. */}
      {clientId ? (
        <>
          <GoogleSignIn clientId={clientId} mode="signin" onCredential={google.onCredential} />
          <OrDivider />
        </>
      ) : null}
      <form
        ref={form}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <Field
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
        <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={busy}>
          {busy ? t("login.busy") : t("login.submit")}
        </button>
      </form>
      <EmailOtpDialog
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
      {google.dialog}
    </AuthLayout>
  );
}
