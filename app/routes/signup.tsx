import { useState } from "react";
import { data, redirect } from "react-router";
import { localizePath } from "#core/i18n/index.ts";
import { CSRF_FIELD } from "#core/page-session.ts";
import { RegisterSchema, VerifyEmailOtpSchema } from "#core/schemas/account.schema.ts";

import {
  AuthForm,
  AuthLayout,
  AuthSwitch,
  authMeta,
  FormError,
  type PostedForm,
  SubmitButton,
  useRedirectSignedIn,
} from "../components/account/auth-layout";
import { GoogleEntry } from "../components/account/google-entry";
import { LazyEmailOtpDialog, preloadEmailOtpDialog } from "../components/account/otp";
import { PasswordField, TextField } from "../components/ui/field";
import { loadAccountSchemas, usePreloadAccountSchemas } from "../lib/account-schemas";
import { getServices } from "../lib/context";
import { useFormState } from "../lib/form";
import { useLocale, useLocalNavigate, useT } from "../lib/i18n";
import { codeFormHtml, signInPageHeaders, signInPageLoader } from "../lib/native-forms.server";
import {
  clientIp,
  fieldErrors,
  isOwnPost,
  message,
  pageLocale,
  refusal,
  text,
} from "../lib/page-forms.server";
import { toast } from "../lib/toast";
import { api } from "../state/session";
import type { Route } from "./+types/signup";

export function loader({ request }: Route.LoaderArgs) {
  return signInPageLoader(request);
}

export const headers = signInPageHeaders;

/**
 * SPEC §4 Signup without JavaScript (decision 0018): the same schema and service call as POST
 * /api/user/register; an account with an e-mail address is asked for its code on the next page (the
 * code's form posts here too), then /login says what the scripted page's toast says.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = pageLocale(request);
  const form = await request.formData();
  const accounts = getServices(context).accounts;
  const ctx = { ip: clientIp(context) };
  const values = { name: text(form, "name"), phone: text(form, "phone"), email: text(form, "email") };
  const verifying = text(form, "intent") === "verify";
  const csrf = text(form, CSRF_FIELD);
  if (!isOwnPost(request, form)) {
    const failure = `${message(locale, "signup.failed")}: ${message(locale, "signup.failedFallback")}`;
    return data({ values, failure }, { status: 403 });
  }
  try {
    if (verifying) {
      const checked = fieldErrors(
        VerifyEmailOtpSchema,
        { email: values.email, otp: text(form, "otp") },
        locale,
      );
      if (checked.errors) {
        return data(
          {
            values,
            html: codeFormHtml(locale, {
              email: values.email,
              csrf,
              failure: Object.values(checked.errors)[0],
            }),
          },
          { status: 400 },
        );
      }
      await accounts.verifyEmailOtp(checked.data, ctx);
      return redirect(`${localizePath("/login", locale)}?notice=verified`, 303);
    }
    const checked = fieldErrors(
      RegisterSchema,
      {
        ...values,
        email: values.email.trim() || undefined,
        password: text(form, "password"),
        language: locale,
      },
      locale,
    );
    if (checked.errors) return data({ values, errors: checked.errors }, { status: 400 });
    await accounts.register(checked.data, ctx);
    if (checked.data.email)
      return data({ values, html: codeFormHtml(locale, { email: checked.data.email, csrf }) });
    return redirect(`${localizePath("/login", locale)}?notice=created`, 303);
  } catch (error) {
    const refused = refusal(locale, error);
    if (!refused) throw error;
    return data(
      verifying
        ? { values, html: codeFormHtml(locale, { email: values.email, csrf, failure: refused.text }) }
        : { values, failure: `${message(locale, "signup.failed")}: ${refused.text}` },
      { status: refused.status },
    );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return authMeta(matches, "authForm.metaSignup", "/signup");
}

const EMPTY = { name: "", phone: "", email: "", password: "" };

/** SPEC §2 /signup; SPEC §4 Signup: on success the e-mail code modal, then /login. */
export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  useRedirectSignedIn();
  usePreloadAccountSchemas();
  const navigate = useLocalNavigate();
  // What the server answered a form posted before the page's script (none after a scripted submit).
  const posted = actionData as PostedForm | undefined;
  const { form, values, check, field } = useFormState({ ...EMPTY, ...posted?.values }, posted?.errors);
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
      {/* The e-mail code's form, drawn by the server (lib/native-forms.server). */}
      <div dangerouslySetInnerHTML={{ __html: (loaderData?.html ?? "") + (posted?.html ?? "") }} />
      <GoogleEntry mode="signup" />
      <AuthForm formRef={form} blocked={busy} onSubmit={() => void submit()}>
        {posted?.failure ? <FormError text={posted.failure} /> : null}
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
