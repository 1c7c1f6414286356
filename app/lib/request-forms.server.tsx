import { renderToStaticMarkup } from "react-dom/server";
import { data, type RouterContextProvider } from "react-router";
import { fill, pluralCategory } from "#core/i18n/index.ts";
import { requestMessagesAr } from "#core/i18n/request-messages.ar.ts";
import { type RequestMessageKey, requestMessagesEn } from "#core/i18n/request-messages.en.ts";
import type { Locale } from "#core/locale.ts";
import { ContactMessageSchema } from "#core/schemas/contact.schema.ts";
import { StitchingRequestSchema } from "#core/schemas/stitching.schema.ts";
import type { PostedRequest } from "../components/requests/request-form";
import { getServices } from "./context";
import { clientIp, fieldErrors, message, pageLocale, pageUser, refusal } from "./page-forms.server";

/**
 * The contact and stitching forms posted without (or before) the page's JavaScript (issue 22, decision
 * 0018): the same schema and service call as POST /api/contact/send and /api/stitching/request, answered
 * with the same page showing what the scripted form shows (the success text and reference, the field
 * messages, the refusal). The two pages are publicly cached, so their HTML carries no per-visitor CSRF
 * token: the post must come from the shop's own pages (Origin, else Sec-Fetch-Site), and only the
 * SameSite=Lax page session (never sent with another site's post) links it to an account.
 */

export type RequestFormKind = "contact" | "stitching";

export type { PostedRequest };

const FIELDS: Record<RequestFormKind, readonly string[]> = {
  contact: ["name", "email", "subject", "message"],
  stitching: [
    "name",
    "phoneNumber",
    "addressType",
    "fullAddress",
    "landmark",
    "city",
    "pinCode",
    "serviceType",
    "itemCount",
    "message",
  ],
};

/**
 * A post made by the shop's own page: a browser names the page's Origin on a form's POST (React Router
 * already refuses a foreign one); one that names none but says where the post came from
 * (Sec-Fetch-Site) must say this site. A client that sends neither is not a browser another site can
 * drive, so it is let through to the same checks and rate limits as the API.
 */
export function isSameSitePost(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === new URL(request.url).origin;
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
let patterns: [RegExp, RequestMessageKey, string[]][] | undefined;

/** A request sentence (core/i18n/request-messages) in the page's language, its `{values}` carried over. */
export function requestSentence(locale: Locale, english: string): string {
  if (locale === "en") return english;
  patterns ??= (Object.entries(requestMessagesEn) as [RequestMessageKey, string][]).map(([key, text]) => {
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
    const source = escapePattern(text).replace(/\\\{\w+\\\}/g, "(.+?)");
    return [new RegExp(`^${source}$`), key, names];
  });
  for (const [pattern, key, names] of patterns) {
    const found = pattern.exec(english);
    if (!found) continue;
    const values = Object.fromEntries(names.map((n, i) => [n, found[i + 1] ?? ""]));
    // A counted message (`tooMany.one`/`.other`) takes the Arabic form of its count's plural category.
    const counted = /^(.+)\.(?:one|other)$/.exec(key);
    const arabic = counted
      ? (requestMessagesAr as Record<string, string | undefined>)[
          `${counted[1]}.${pluralCategory("ar", Number(values.count ?? 1))}`
        ]
      : undefined;
    return fill(arabic ?? requestMessagesAr[key], values);
  }
  return english;
}

function localized(locale: Locale, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, text]) => [field, requestSentence(locale, text)]),
  );
}

function Outcome({
  sent,
  text,
  reference,
  next,
}: {
  sent: boolean;
  text: string;
  reference?: string;
  next?: string;
}) {
  return (
    <div
      role={sent ? "status" : "alert"}
      className={`flex gap-3 rounded-xl border p-4 ${sent ? "border-success/30 bg-success/10 text-charcoal" : "border-sale/30 bg-sale/5 text-sale"}`}
      data-testid={sent ? "request-sent" : "request-failed"}
    >
      <div className="text-sm leading-relaxed">
        <p className={sent ? "font-semibold text-ink" : undefined}>{text}</p>
        {reference ? <p className="mt-1">{reference}</p> : null}
        {next ? <p className="mt-1 text-stone">{next}</p> : null}
      </div>
    </div>
  );
}

/** The route action of /contact and /stitching-service (both languages). */
export async function requestFormAction(
  kind: RequestFormKind,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next?: string,
) {
  const locale = pageLocale(request);
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const name of FIELDS[kind]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  const failedKey = kind === "contact" ? "contactForm.failed" : "stitching.failed";
  const failed = (status: number, text: string) =>
    data<PostedRequest>(
      { values, html: renderToStaticMarkup(<Outcome sent={false} text={text} />) },
      { status },
    );
  if (!isSameSitePost(request)) return failed(403, message(locale, failedKey));

  const website = form.get("website");
  const input = { ...values, website: typeof website === "string" ? website : "", language: locale };
  const services = getServices(context);
  try {
    const from = { ip: clientIp(context), user: await pageUser(context, request) };
    let answer: { message: string; reference?: string };
    if (kind === "contact") {
      const checked = fieldErrors(ContactMessageSchema, input, locale);
      if (checked.errors)
        return data<PostedRequest>({ values, errors: localized(locale, checked.errors) }, { status: 400 });
      answer = await services.requests.sendContactMessage(checked.data, from);
    } else {
      const checked = fieldErrors(StitchingRequestSchema, input, locale);
      if (checked.errors)
        return data<PostedRequest>({ values, errors: localized(locale, checked.errors) }, { status: 400 });
      answer = await services.requests.requestStitching(checked.data, from);
    }
    const reference = answer.reference
      ? message(locale, "requests.reference").replace("{reference}", answer.reference)
      : undefined;
    // Sent: the form comes back empty, the success text (SPEC §8's toast and the scripted box) above its button.
    const text = requestSentence(locale, answer.message);
    return data<PostedRequest>({
      html: renderToStaticMarkup(<Outcome sent text={text} reference={reference} next={next} />),
    });
  } catch (error) {
    const refused = refusal(locale, error);
    if (!refused) throw error;
    const english = String((error as Error).message);
    const said = requestSentence(locale, english);
    return failed(refused.status, said !== english ? said : refused.text);
  }
}
