import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { t } from "#core/i18n/index.ts";
import { RegisterSchema } from "#core/schemas/account.schema.ts";
import { AuthLayout, OrDivider, useRedirectSignedIn } from "../components/account/auth-layout";
import { EmailOtpDialog } from "../components/account/email-otp-dialog";
import { Field, PasswordField } from "../components/account/form-field";
import { useGoogleAuth } from "../components/account/google-auth";
import { GoogleSignIn, useGoogleClientId } from "../components/account/google-sign-in";
import { type FieldErrors, focusFirstError, validate } from "../lib/form";
import { pageMeta, shopFromMatches } from "../lib/seo";
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
  const navigate = useNavigate();
  const clientId = useGoogleClientId();
  const google = useGoogleAuth("signup");
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);

  const update = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  async function submit() {
    const email = values.email.trim();
    const checked = validate(RegisterSchema, { ...values, email: email || undefined });
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(form.current, checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await api("/api/user/register", { body: checked.data });
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
      <GoogleSignIn clientId={clientId} mode="signup" onCredential={google.onCredential} />
      <OrDivider />
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
          label={t("authForm.fullName")}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={update("name")}
          error={errors.name}
          required
        />
        <Field
          label={t("authForm.phone")}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t("authForm.phonePlaceholder")}
          hint={t("authForm.phoneHint")}
          value={values.phone}
          onChange={update("phone")}
          error={errors.phone}
          required
        />
        <Field
          label={t("authForm.email")}
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("authForm.emailPlaceholder")}
          value={values.email}
          onChange={update("email")}
          error={errors.email}
          optional
        />
        <PasswordField
          label={t("authForm.password")}
          name="password"
          autoComplete="new-password"
          placeholder={t("authForm.passwordPlaceholder")}
          value={values.password}
          onChange={update("password")}
          error={errors.password}
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
