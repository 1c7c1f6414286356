import { type FormEvent, useState } from "react";
import { data, Link, redirect, useNavigate, useSearchParams } from "react-router";
import { AdminLoginSchema } from "#core/schemas/admin/session.ts";
import { AdminApiError, adminSend, setCsrfToken } from "../../components/admin/api";
import { buttonClass, Field, inputClass } from "../../components/admin/ui";
import { getServices, incomingRequestContext } from "../../lib/context";
import { clientIp, refusal, text } from "../../lib/page-forms.server";
import { isSameSitePost } from "../../lib/request-forms.server";
import type { Route } from "./+types/login";
import "./admin.css";

/**
 * The log-in posted without (or before) the page's script (issue 22): the same checks and service call
 * as POST /api/admin/login, which sets the same httpOnly session cookie; the back office is then drawn
 * for her. A refusal draws the page again with the API's message; the password is never sent back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = text(form, "email");
  if (!isSameSitePost(request))
    return data({ email, error: "This request did not come from the back office" }, { status: 403 });
  const checked = AdminLoginSchema.safeParse({ email, password: text(form, "password") });
  if (!checked.success) return data({ email, error: "Enter your e-mail and password." }, { status: 400 });
  const { admin } = getServices(context);
  const incoming = context.get(incomingRequestContext);
  try {
    const { token } = await admin.sessions.login(checked.data, {
      ip: clientIp(context),
      userAgent: request.headers.get("user-agent") ?? undefined,
      demoOwnerAllowed: incoming ? admin.demoOwnerAllowed(incoming) : false,
    });
    const next = safeNext(new URL(request.url).searchParams.get("next"));
    return redirect(next, { status: 303, headers: { "Set-Cookie": admin.sessions.cookie(token) } });
  } catch (error) {
    const refused = refusal("en", error);
    if (!refused) throw error;
    return data({ email, error: refused.text }, { status: refused.status });
  }
}

export function meta() {
  return [{ title: "Staff log-in · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Only paths inside the back office are followed after log-in (never an open redirect). */
function safeNext(next: string | null): string {
  return next?.startsWith("/admin") && !next.startsWith("//") ? next : "/admin";
}

/**
 * The back office's own log-in: the server answers with its httpOnly session cookie (which no script
 * can read) and the CSRF token every later change sends.
 */
export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // What the server answered a form posted before the page's script.
  const [error, setError] = useState(actionData?.error ?? "");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError("Enter your e-mail and password.");
      return;
    }
    setBusy(true);
    setError("");
    try {
      const answer = await adminSend("POST", "/api/admin/login", { email, password });
      if (answer.csrfToken) setCsrfToken(answer.csrfToken);
      navigate(safeNext(params.get("next")), { replace: true });
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : "The server could not be reached.");
      setBusy(false);
    }
  }

  return (
    <main className="admin-shell flex min-h-dvh items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-lg border border-neutral-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-neutral-900">Back office</h1>
        <p className="mt-1 text-sm text-neutral-700">Sign in with your staff account.</p>
        <form method="post" className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
          <Field id="admin-email" label="E-mail">
            <input
              id="admin-email"
              name="email"
              type="email"
              defaultValue={actionData?.email}
              autoComplete="username"
              required
              className={inputClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "admin-login-error" : undefined}
            />
          </Field>
          <Field id="admin-password" label="Password">
            <input
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={inputClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "admin-login-error" : undefined}
            />
          </Field>
          {error ? (
            <p id="admin-login-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link to="/" className="text-neutral-700 underline underline-offset-4">
            Back to the shop
          </Link>
        </p>
      </div>
    </main>
  );
}
