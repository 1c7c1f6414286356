import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
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
import { api } from "../state/session";
import type { Route } from "./+types/signup";

export function meta({ matches }: Route.MetaArgs) {
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    title: t("authForm.metaSignup", { shop: shop?.shopName ?? "" }),
    description: t("authForm.metaDescription", { shop: shop?.shopName ?? "" }),
    path: "/signup",
    noindex: true,
  });
}

const EMPTY = { name: "", phone: "", email: "", password: "" };

/** SPEC §2 /signup; SPEC §4 Signup: on success the e-mail code modal, then /login. */
export default function SignupPage() {
  useRedirectSignedIn();
  // The form's checks load once the page has hydrated, before the shopper can submit (lib/account-schemas).
  useEffect(preloadAccountSchemas, []);
  const navigate = useNavigate();
  const clientId = useGoogleClientId();
  const google = useGoogleAuth("signup");
  const { form, values, check, field } = useFormState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);

  async function submit() {
    const email = values.email.trim();
    let schemas: Awaited<ReturnType<typeof accountSchemas>>;
    try {
      schemas = await accountSchemas();
    } catch {
      toast.error(t("signup.failed"), { description: t("signup.failedFallback") });
      return;
    }
    const data = check(schemas.RegisterSchema, { ...values, email: email || undefined });
    if (!data) return;
    setBusy(true);
    const result = await api("/api/user/register", { body: data });
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
      footer={
        <>
          {t("signup.haveAccount")}{" "}
          <Link to="/login" className="font-medium text-accent-dark underline underline-offset-4">
            {t("signup.loginLink")}
          </Link>
        </>
      }
    >
      {/* Without a Google client id there is no Google sign-in to offer: neither button nor divider. */}
      {clientId ? (
        <>
          <GoogleSignIn clientId={clientId} mode="signup" onCredential={google.onCredential} />
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
        <Field label={t("authForm.fullName")} autoComplete="name" {...field("name")} required />
        <Field
          label={t("authForm.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t("authForm.phonePlaceholder")}
          hint={t("authForm.phoneHint")}
          {...field("phone")}
          required
        />
        <Field
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
        <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={busy}>
          {busy ? t("signup.busy") : t("signup.submit")}
        </button>
      </form>
      <EmailOtpDialog
        open={verifyEmail !== null}
        email={verifyEmail ?? ""}
        title={t("otp.title")}
        onClose={() => setVerifyEmail(null)}
        onVerified={() => {
          setVerifyEmail(null);
          navigate("/login");
        }}
      />
      {google.dialog}
    </AuthLayout>
  );
}
