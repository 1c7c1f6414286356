import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { data, redirect, useActionData } from "react-router";
import { localizePath } from "#core/i18n/index.ts";
import { CSRF_FIELD } from "#core/page-session.ts";
import { ForgotPasswordSchema, ResetPasswordSchema } from "#core/schemas/account.schema.ts";

import {
  AuthForm,
  AuthLayout,
  authMeta,
  FormError,
  RESET_DONE_KEY,
  SubmitButton,
} from "../components/account/auth-layout";
import { isCompleteOtp, LazyOtpInput, preloadOtpInput } from "../components/account/otp";
import { PasswordField, TextField } from "../components/ui/field";
import { loadAccountSchemas, usePreloadAccountSchemas } from "../lib/account-schemas";
import { getServices } from "../lib/context";
import { type FieldErrors, focusFirstError, validate } from "../lib/form";
import { Link, useHref, useLocale, useT } from "../lib/i18n";
import { resetFormHtml, signInPageHeaders, signInPageLoader } from "../lib/native-forms.server";
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
import type { Route } from "./+types/forgot-password";

export function loader({ request }: Route.LoaderArgs) {
  return signInPageLoader(request);
}

export const headers = signInPageHeaders;

/**
 * SPEC §4 Forgot password without JavaScript (decision 0018): the e-mail step calls the same service
 * as POST /api/user/forgot-password and answers with the code and new password's form; that form calls
 * reset-password's service, and /login then says 'Password Reset Successful'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = pageLocale(request);
  const form = await request.formData();
  const accounts = getServices(context).accounts;
  const ctx = { ip: clientIp(context) };
  const email = text(form, "email");
  const csrf = text(form, CSRF_FIELD);
  const resetting = text(form, "intent") === "reset";
  // The code and new password's form, drawn by the server (lib/native-forms.server).
  const resetStep = (address: string, more: { errors?: Record<string, string>; failure?: string } = {}) => ({
    step: "reset" as const,
    email: address,
    html: resetFormHtml(locale, { email: address, csrf, ...more }),
  });
  if (!isOwnPost(request, form)) {
    const failure = message(locale, "login.failedFallback");
    return data(resetting ? resetStep(email, { failure }) : { step: "email" as const, email, failure }, {
      status: 403,
    });
  }
  try {
    if (!resetting) {
      const checked = fieldErrors(ForgotPasswordSchema, { email, language: locale }, locale);
      if (checked.errors)
        return data({ step: "email" as const, email, errors: checked.errors }, { status: 400 });
      await accounts.forgotPassword(checked.data, ctx);
      return data(resetStep(checked.data.email));
    }
    const newPassword = text(form, "newPassword");
    if (newPassword !== text(form, "confirmPassword")) {
      return data(resetStep(email, { failure: message(locale, "forgot.mismatchText") }), { status: 400 });
    }
    const checked = fieldErrors(ResetPasswordSchema, { email, otp: text(form, "otp"), newPassword }, locale);
    if (checked.errors) {
      const failure = checked.errors.otp ?? checked.errors.email;
      return data(resetStep(email, { errors: checked.errors, failure }), { status: 400 });
    }
    await accounts.resetPassword(checked.data, ctx);
    return redirect(`${localizePath("/login", locale)}?notice=reset`, 303);
  } catch (error) {
    const refused = refusal(locale, error);
    if (!refused) throw error;
    return data(
      resetting
        ? resetStep(email, { failure: refused.text })
        : { step: "email" as const, email, failure: refused.text },
      { status: refused.status },
    );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return authMeta(matches, "authForm.metaForgot", "/forgot-password");
}

type Step = "email" | "otp" | "reset";
const STEP_NUMBER: Record<Step, number> = { email: 1, otp: 2, reset: 3 };
/** Long enough to read 'Password Reset Successful' before the full page load to /login. */
const SUCCESS_REDIRECT_MS = 1200;

/**
 * SPEC §2 /forgot-password and §4 Forgot password: enter-contact, verify-otp, reset-password. The move
 * to the last step happens here once 6 digits are in, with no server call; the server checks the code
 * when the new password is submitted. Success goes to /login with a full page load.
 */
export default function ForgotPasswordPage({ loaderData }: Route.ComponentProps) {
  const href = useHref();
  const t = useT();
  const locale = useLocale();
  // What the server answered a form posted before the page's script (none after a scripted submit).
  const posted = useActionData<typeof action>();
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState(posted?.email ?? "");
  const [otp, setOtp] = useState("");
  const [passwords, setPasswords] = useState({ newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>(
    posted && "errors" in posted ? (posted.errors ?? {}) : {},
  );
  const [error, setError] = useState<string | undefined>(
    posted && "failure" in posted && posted.failure ? String(posted.failure) : undefined,
  );
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLParagraphElement>(null);
  const firstRender = useRef(true);
  usePreloadAccountSchemas();

  // Typing survives hydration (issue 22): an e-mail typed into the server's HTML before the script ran
  // becomes the state at once, before a later render writes the state's empty value back into the box.
  useLayoutEffect(() => {
    const typed = (form.current?.elements.namedItem("email") as HTMLInputElement | null)?.value;
    if (typed) setEmail(typed);
  }, []);

  // Each step's text is announced (aria-live). The code and password steps focus their first box; back
  // on the first step, the focus goes to its text so keyboard users are not left on a removed button.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === "email") heading.current?.focus();
  }, [step]);

  function goTo(next: Step) {
    setErrors({});
    setError(undefined);
    setStep(next);
  }

  async function sendOtp() {
    // The code's boxes are the next step.
    preloadOtpInput();
    const schemas = await loadAccountSchemas(() => setError(t("forgot.sendFailed")));
    if (!schemas) return;
    const checked = validate(schemas.ForgotPasswordSchema, { email });
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(form.current, checked.errors);
      return;
    }
    setBusy(true);
    const result = await api("/api/user/forgot-password", { body: { ...checked.data, language: locale } });
    setBusy(false);
    if (!result.success) {
      setError(result.message || t("forgot.sendFailed"));
      return;
    }
    toast.success(t("forgot.otpSent"), {
      description: result.message || t("forgot.otpSentText", { email: checked.data.email }),
    });
    setOtp("");
    goTo("otp");
  }

  async function resetPassword() {
    if (passwords.newPassword !== passwords.confirmPassword) {
      toast.error(t("forgot.mismatch"), { description: t("forgot.mismatchText") });
      return;
    }
    const schemas = await loadAccountSchemas(() => setError(t("forgot.resetFailed")));
    if (!schemas) return;
    const checked = validate(schemas.ResetPasswordSchema, {
      email,
      otp,
      newPassword: passwords.newPassword,
    });
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(form.current, checked.errors);
      if (checked.errors.otp || checked.errors.email) setError(checked.errors.otp ?? checked.errors.email);
      return;
    }
    setErrors({});
    setError(undefined);
    setBusy(true);
    const result = await api("/api/user/reset-password", { body: checked.data });
    if (!result.success) {
      setBusy(false);
      setError(result.message || t("forgot.resetFailed"));
      return;
    }
    setDone(true);
    toast.success(t("forgot.success"), { description: result.message || t("forgot.successText") });
    // The toast does not survive the full page load; /login shows it again from this mark.
    sessionStorage.setItem(RESET_DONE_KEY, "1");
    setTimeout(() => window.location.assign(href("/login")), SUCCESS_REDIRECT_MS);
  }

  const stepText =
    posted?.step === "reset"
      ? t("forgot.stepReset", { email: posted.email })
      : step === "email"
        ? t("forgot.stepEmail")
        : step === "otp"
          ? t("forgot.stepOtp", { email })
          : t("forgot.stepReset", { email });

  return (
    <AuthLayout
      title={t("forgot.title")}
      testId="forgot-page"
      top={
        <Link
          to="/login"
          className="-ms-2 mb-4 inline-flex min-h-11 items-center gap-2 rounded-full px-2 text-sm text-stone hover:text-ink"
          data-testid="back-to-login"
        >
          {/* Drawn here: an icon module would be a chunk of its own on this page's first load. */}
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-5 rtl:rotate-180"
            aria-hidden="true"
          >
            <path d="M19 12H5m7-7-7 7 7 7" />
          </svg>
          {t("forgot.back")}
        </Link>
      }
    >
      <div className="mb-6 text-center" data-testid="forgot-step" data-step={step}>
        <p className="eyebrow">{t("forgot.progress", { step: STEP_NUMBER[step] })}</p>
        {/* A long e-mail address breaks anywhere rather than widening the page past a phone's screen. */}
        <p
          ref={heading}
          tabIndex={-1}
          className="mt-2 text-stone [overflow-wrap:anywhere] focus:outline-none"
          aria-live="polite"
        >
          {stepText}
        </p>
      </div>
      {/* The CSRF field, or the code and new password's form, drawn by the server (lib/native-forms.server). */}
      <div
        dangerouslySetInnerHTML={{
          __html: posted && "html" in posted ? posted.html : (loaderData?.html ?? ""),
        }}
      />
      {posted && "html" in posted ? null : (
        <AuthForm
          formRef={form}
          blocked={busy || done}
          onSubmit={() => {
            if (step === "email") void sendOtp();
            else if (step === "otp") {
              if (isCompleteOtp(otp)) goTo("reset");
            } else void resetPassword();
          }}
        >
          {step === "email" ? (
            <>
              <TextField
                label={t("authForm.email")}
                name="email"
                type="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={t("authForm.emailPlaceholder")}
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setErrors({});
                }}
                error={errors.email}
                required
              />
              {error ? <FormError text={error} /> : null}
              <SubmitButton busy={busy} label={t("forgot.getOtp")} busyLabel={t("forgot.sending")} />
            </>
          ) : null}

          {step === "otp" ? (
            <>
              <LazyOtpInput onChange={setOtp} autoFocus />
              <button
                type="submit"
                className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-50"
                disabled={!isCompleteOtp(otp)}
              >
                {t("forgot.verifyOtp")}
              </button>
              <p className="text-center text-sm text-stone">
                {t("forgot.noCode")}{" "}
                <button
                  type="button"
                  onClick={() => goTo("email")}
                  className="min-h-11 font-medium text-accent-dark underline underline-offset-4"
                >
                  {t("forgot.tryAgain")}
                </button>
              </p>
            </>
          ) : null}

          {step === "reset" ? (
            <>
              <PasswordField
                label={t("forgot.newPassword")}
                name="newPassword"
                autoComplete="new-password"
                placeholder={t("authForm.passwordPlaceholder")}
                value={passwords.newPassword}
                onChange={(event) => setPasswords((p) => ({ ...p, newPassword: event.target.value }))}
                error={errors.newPassword}
                required
                autoFocus
              />
              <PasswordField
                label={t("forgot.confirmPassword")}
                name="confirmPassword"
                autoComplete="new-password"
                value={passwords.confirmPassword}
                onChange={(event) => setPasswords((p) => ({ ...p, confirmPassword: event.target.value }))}
                required
              />
              {error ? <FormError text={error} /> : null}
              <SubmitButton
                busy={busy}
                disabled={done}
                label={t("forgot.submit")}
                busyLabel={t("forgot.submitting")}
              />
              {error ? (
                <button
                  type="button"
                  onClick={() => {
                    setOtp("");
                    goTo("otp");
                  }}
                  className="mx-auto min-h-11 text-sm font-medium text-accent-dark underline underline-offset-4"
                >
                  {t("forgot.editCode")}
                </button>
              ) : null}
            </>
          ) : null}
        </AuthForm>
      )}
    </AuthLayout>
  );
}
