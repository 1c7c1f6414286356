import { useEffect, useState } from "react";
import { data, redirect } from "react-router";
import { type Locale, localizePath } from "#core/i18n/index.ts";
import { CSRF_FIELD, pageSessionCookies } from "#core/page-session.ts";
import { LoginSchema, VerifyEmailOtpSchema } from "#core/schemas/account.schema.ts";

import {
  AuthForm,
  AuthLayout,
  AuthSwitch,
  authMeta,
  FormError,
  type PostedForm,
  RESET_DONE_KEY,
  SubmitButton,
  useRedirectSignedIn,
} from "../components/account/auth-layout";
import { GoogleEntry } from "../components/account/google-entry";
import { LazyEmailOtpDialog, preloadEmailOtpDialog } from "../components/account/otp";
import { PasswordField, TextField } from "../components/ui/field";
import { loadAccountSchemas, usePreloadAccountSchemas } from "../lib/account-schemas";
import { getServices } from "../lib/context";
import { useFormState } from "../lib/form";
import { Link, useLocale, useT } from "../lib/i18n";
import { codeFormHtml, noticeHtml, signInPageHeaders, signInPageLoader } from "../lib/native-forms.server";
import {
  clientIp,
  fieldErrors,
  isOwnPost,
  isSecure,
  message,
  pageLocale,
  refusal,
  text,
} from "../lib/page-forms.server";
import { toast } from "../lib/toast";
import { api, login } from "../state/session";
import type { Route } from "./+types/login";

/** The form's CSRF token (lib/page-forms.server): the form posts here before the page's script runs. */
export function loader({ request }: Route.LoaderArgs) {
  // A notice after a sign-up, a code or a reset posted before the page's script (?notice=…).
  const notice = noticeHtml(pageLocale(request), new URL(request.url).searchParams.get("notice"));
  return signInPageLoader(request, notice ?? "");
}

/**
 * SPEC §4 Login without JavaScript (decision 0018): the same schema and service call as POST
 * /api/user/login; success leaves the token in the page session's cookie and draws /account for her,
 * whose hydration hands the token to the browser's storage. A refusal draws the form again with the
 * hydrated page's messages; the password is never sent back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = pageLocale(request);
  const form = await request.formData();
  const identifier = text(form, "identifier");
  const values = { identifier };
  if (!isOwnPost(request, form)) {
    return data(
      { values, failure: failed(locale, message(locale, "login.failedFallback")) },
      { status: 403 },
    );
  }
  if (text(form, "intent") === "verify") return verifyEmail(request, form, context);
  const checked = fieldErrors(LoginSchema, { identifier, password: text(form, "password") }, locale);
  if (checked.errors) return data({ values, errors: checked.errors }, { status: 400 });
  try {
    const { token } = await getServices(context).accounts.login(
      { ...checked.data, language: locale },
      { ip: clientIp(context) },
    );
    const headers = new Headers();
    for (const cookie of pageSessionCookies(token, isSecure(request))) headers.append("Set-Cookie", cookie);
    return redirect(localizePath("/account", locale), { status: 303, headers });
  } catch (error) {
    const refused = refusal(locale, error);
    if (!refused) throw error;
    // An e-mail address not verified yet: its code (just mailed) is asked for on the page.
    const html =
      refused.code === "email_unverified"
        ? codeFormHtml(locale, { email: identifier.trim(), csrf: text(form, CSRF_FIELD) })
        : undefined;
    return data({ values, failure: failed(locale, refused.text), html }, { status: refused.status });
  }
}

/** A refusal as the scripted page's toast says it: its title, then the sentence. */
function failed(locale: Locale, sentence: string): string {
  return `${message(locale, "login.failed")}: ${sentence}`;
}

/** The code of a log-in refused for an unverified e-mail address: verified, she signs in again. */
async function verifyEmail(request: Request, form: FormData, context: Route.ActionArgs["context"]) {
  const locale = pageLocale(request);
  const email = text(form, "email");
  const values = { identifier: email };
  const checked = fieldErrors(VerifyEmailOtpSchema, { email, otp: text(form, "otp") }, locale);
  const csrf = text(form, CSRF_FIELD);
  if (checked.errors) {
    const failure = Object.values(checked.errors)[0];
    return data({ values, html: codeFormHtml(locale, { email, csrf, failure }) }, { status: 400 });
  }
  try {
    await getServices(context).accounts.verifyEmailOtp(checked.data, { ip: clientIp(context) });
  } catch (error) {
    const refused = refusal(locale, error);
    if (!refused) throw error;
    const html = codeFormHtml(locale, { email, csrf, failure: refused.text });
    return data({ values, html }, { status: refused.status });
  }
  return redirect(`${localizePath("/login", locale)}?notice=verified`, 303);
}

/** The page carries the visitor's CSRF token (and on /account, her name): no cache keeps a copy. */
export const headers = signInPageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return authMeta(matches, "authForm.metaLogin", "/login");
}

/** SPEC §4 Login / §8: this phrase in the server's answer opens the e-mail code step. */

/** SPEC §2 /login. */
export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  useRedirectSignedIn();
  usePreloadAccountSchemas();
  // What the server answered a form posted before the page's script (none after a scripted submit).
  const posted = actionData as PostedForm | undefined;
  const { form, values, check, field } = useFormState(
    { identifier: posted?.values?.identifier ?? "", password: "" },
    posted?.errors,
  );
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
    const result = await api("/api/user/login", { body: { ...data, language: locale } });
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
      {/* Drawn by the server for a form posted before the page's script (lib/native-forms.server). */}
      <div dangerouslySetInnerHTML={{ __html: (loaderData?.html ?? "") + (posted?.html ?? "") }} />
      <GoogleEntry mode="signin" />
      <AuthForm formRef={form} blocked={busy} onSubmit={() => void submit()}>
        {posted?.failure ? <FormError text={posted.failure} /> : null}
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
