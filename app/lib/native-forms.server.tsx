import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { data } from "react-router";
import type { Locale } from "#core/i18n/index.ts";
import { AUTH_FORM_ID } from "../components/account/auth-layout";
import { inputClass } from "../components/ui/field";
import { csrfToken, message } from "./page-forms.server";

/**
 * The pieces of the account pages that only a form posted before (or without) the page's script shows
 * (decision 0018): the e-mail code's form, the reset's code and password form, /login's notices. The
 * server draws them as HTML that the page shows as it is (`dangerouslySetInnerHTML`), so none of their
 * code is in any page's JavaScript; their forms post to the page's action, scripted or not.
 */

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <div
      role="status"
      className="mb-6 rounded-xl bg-accent/10 px-4 py-3 text-sm text-ink"
      data-testid="form-notice"
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-stone">{text}</p>
    </div>
  );
}

function Input({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        <span className="ms-0.5 text-accent-dark" aria-hidden="true">
          *
        </span>
      </label>
      <input
        id={id}
        className={inputClass}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-sale" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function Alert({ text }: { text?: string }) {
  return text ? (
    <p role="alert" className="rounded-xl bg-sale/10 px-4 py-3 text-sm text-sale" data-testid="form-error">
      {text}
    </p>
  ) : null;
}

const html = (node: ReactNode) => renderToStaticMarkup(node);

/**
 * The sign-in pages' CSRF field, outside their form and tied to it by `form` (their form's id is
 * AUTH_FORM_ID): drawn here, it costs the pages' JavaScript nothing.
 */
export function csrfFieldHtml(csrf: string): string {
  return html(<input type="hidden" name="csrf" value={csrf} form={AUTH_FORM_ID} />);
}

/**
 * The loader of a sign-in page (login, signup, forgot-password) whose form posts before its script runs:
 * the CSRF field with its cookie, plus any `extraHtml` the page draws before hydration.
 */
export function signInPageLoader(request: Request, extraHtml = "") {
  const { token, headers } = csrfToken(request);
  return data({ html: csrfFieldHtml(token) + extraHtml }, { headers });
}

/** A sign-in page carries its own CSRF token, so no cache keeps it. */
export function signInPageHeaders(): HeadersInit {
  return { "Cache-Control": "private, no-store" };
}

/** SPEC §4's e-mail code question (the scripted page's modal) as a plain form. */
export function codeFormHtml(
  locale: Locale,
  form: { email: string; csrf: string; failure?: string },
): string {
  const t = (key: Parameters<typeof message>[1]) => message(locale, key);
  return html(
    <form method="post" noValidate className="mb-8 flex flex-col gap-4" data-testid="native-code-form">
      <Hidden fields={{ csrf: form.csrf, intent: "verify", email: form.email }} />
      <p className="text-stone">
        {t("otp.text")} <strong className="font-semibold break-all text-ink">{form.email}</strong>
      </p>
      <Input
        id="native-otp"
        label={t("otp.label")}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={form.failure}
      />
      <button type="submit" className="btn-primary w-full">
        {t("otp.verify")}
      </button>
    </form>,
  );
}

/** The reset's last two steps (code, new password twice) in one plain form: no script moves between them. */
export function resetFormHtml(
  locale: Locale,
  form: { email: string; csrf: string; errors?: Record<string, string>; failure?: string },
): string {
  const t = (key: Parameters<typeof message>[1]) => message(locale, key);
  return html(
    <form method="post" noValidate className="flex flex-col gap-5" data-testid="native-reset-form">
      {form.failure || form.errors ? null : (
        <Notice title={t("forgot.otpSent")} text={t("forgot.otpSentText").replace("{email}", form.email)} />
      )}
      <Hidden fields={{ csrf: form.csrf, intent: "reset", email: form.email }} />
      <Input
        id="native-otp"
        label={t("otp.label")}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={form.errors?.otp}
      />
      <Input
        id="native-new-password"
        label={t("forgot.newPassword")}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        placeholder={t("authForm.passwordPlaceholder")}
        error={form.errors?.newPassword}
      />
      <Input
        id="native-confirm-password"
        label={t("forgot.confirmPassword")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
      />
      <Alert text={form.failure} />
      <button type="submit" className="btn-primary w-full">
        {t("forgot.submit")}
      </button>
    </form>,
  );
}

/** What /login says after a sign-up, a code or a reset posted before the page's script (?notice=…). */
export function noticeHtml(locale: Locale, notice: string | null): string | undefined {
  const t = (key: Parameters<typeof message>[1]) => message(locale, key);
  if (notice === "created")
    return html(<Notice title={t("signup.created")} text={t("signup.createdText")} />);
  if (notice === "verified") return html(<Notice title={t("otp.verified")} text={t("otp.verifiedText")} />);
  if (notice === "reset") return html(<Notice title={t("forgot.success")} text={t("forgot.successText")} />);
  return undefined;
}
