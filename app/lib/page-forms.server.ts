import { randomBytes, timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { ErrorCode } from "#core/error-codes.ts";
import { ar } from "#core/i18n/ar.ts";
import { arServer } from "#core/i18n/ar-server.ts";
import { en, type MessageKey } from "#core/i18n/en.ts";
import { type Locale, localeOfPath } from "#core/i18n/index.ts";
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  cookieValue,
  pageSessionFromCookie,
  setCookie,
} from "#core/page-session.ts";
import { badTextMessage, findBadText } from "#core/text.ts";
import { isUnauthenticated, refusedWith } from "#server/refusal-status.ts";
import { clientIpContext, getServices } from "./context";

/**
 * The server's half of the storefront's native forms (docs/decisions/0018-forms-before-javascript.md):
 * the double-submit CSRF token, the Origin check, and the page's own words for what the shared schemas
 * and services say in SPEC's English, so a form posted without JavaScript shows what the hydrated page
 * shows, in the page's language.
 */

const CSRF_PATTERN = /^[\w-]{32,64}$/;

export function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function pageLocale(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(clientIpContext) || "0.0.0.0";
}

/** The visitor's CSRF token (made when she has none) and the cookie that keeps it, for a form's page. */
export function csrfToken(request: Request): { token: string; headers: Headers } {
  const held = cookieValue(request.headers.get("cookie"), CSRF_COOKIE);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (held && CSRF_PATTERN.test(held)) return { token: held, headers };
  const token = randomBytes(24).toString("base64url");
  headers.append(
    "Set-Cookie",
    setCookie(CSRF_COOKIE, token, { maxAge: 86_400, httpOnly: true, secure: isSecure(request) }),
  );
  return { token, headers };
}

/**
 * A native form's post is the shop's own: its Origin (when the browser names one) is this site's, and
 * its hidden CSRF field equals the visitor's CSRF cookie. React Router refuses a foreign Origin before
 * any action runs; this repeats it and adds the token.
 */
export function isOwnPost(request: Request, form: FormData): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(request.url).origin) return false;
  const held = cookieValue(request.headers.get("cookie"), CSRF_COOKIE);
  const sent = form.get(CSRF_FIELD);
  if (!held || typeof sent !== "string" || held.length !== sent.length) return false;
  return timingSafeEqual(Buffer.from(held), Buffer.from(sent));
}

const ARABIC: Partial<Record<MessageKey, string>> = { ...arServer, ...ar };
let byEnglish: Map<string, MessageKey> | undefined;

/** A sentence the shared code wrote in English, in the page's language (English when it has no twin). */
export function inLocale(locale: Locale, english: string): string {
  if (locale === "en") return english;
  byEnglish ??= new Map(
    (Object.entries(en) as [MessageKey, string][]).map(([key, text]) => [text, key] as const).reverse(),
  );
  const key = byEnglish.get(english);
  return (key && ARABIC[key]) || english;
}

/** A page message by key, in the page's language. */
export function message(locale: Locale, key: MessageKey): string {
  return locale === "ar" ? (ARABIC[key] ?? en[key]) : en[key];
}

/** The first message per field of a failed check, in the page's language (lib/form's validate, server side). */
export function fieldErrors<S extends z.ZodType>(
  schema: S,
  values: unknown,
  locale: Locale,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: Record<string, string> } {
  // Text that is not text (a NUL, a lone surrogate) is refused before any schema or service, as the API's
  // input guard refuses it (decision 0020): a posted form never reaches the database with it.
  const bad = findBadText(values);
  if (bad !== undefined) {
    const field = bad.split(".")[0] || "form";
    return { errors: { [field]: inLocale(locale, badTextMessage(field)) } };
  }
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= inLocale(locale, issue.message);
  }
  return { errors };
}

/** What a refused service call says on the page: SPEC's sentence in English, its code's text in Arabic. */
export function refusal(
  locale: Locale,
  error: unknown,
): { code: ErrorCode; status: number; text: string } | undefined {
  const refused = refusedWith(error);
  if (!refused) return undefined;
  const code = refused.code as ErrorCode;
  const { status } = refused;
  if (locale === "en") return { code, status, text: refused.message };
  const key = `api.${code}` as MessageKey;
  return { code, status, text: ARABIC[key] ?? message(locale, "api.server_error" as MessageKey) };
}

/** A form field's text value ("" when absent or a file). */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

type Services = ReturnType<typeof getServices>;
export type PageUser = Awaited<ReturnType<Services["accounts"]["authenticate"]>>;

/**
 * The shopper of the page session (decision 0018), checked exactly as the API checks the `token` header;
 * null for a visitor or a session the API would refuse (expired, ended).
 */
export async function pageUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<PageUser | null> {
  const token = pageSessionFromCookie(request.headers.get("cookie"));
  if (!token) return null;
  try {
    return await getServices(context).accounts.authenticate(token);
  } catch (error) {
    // A page session the API would refuse (expired, ended) is a visitor's.
    if (!isUnauthenticated(error)) throw error;
    return null;
  }
}
