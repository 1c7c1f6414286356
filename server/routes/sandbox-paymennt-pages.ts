import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import { tOrderIn } from "#core/i18n/ar-orders.ts";
import type { OrderMessageKey } from "#core/i18n/en-orders.ts";
import type { Locale } from "#core/locale.ts";
import type { SandboxCheckoutTable } from "../db/schema.ts";
import { escapeHtml } from "../integrations/mail.ts";

/**
 * The test payment sandbox's pages (routes/sandbox-paymennt.ts): the hosted card page and its messages,
 * in the language the shop asked for, each saying it takes no money; no script, one nonce'd style.
 */

export const SANDBOX_PAGE_PATH = "/sandbox/paymennt/pay/";

export const PAYING_CARD = "4242424242424242";
export const DECLINED_CARD = "4000000000000002";

/** The language the shop asked the payment page to speak (Paymennt's `language`: EN or AR). */
export function localeOf(row: SandboxCheckoutTable): Locale {
  try {
    return (JSON.parse(row.request_body) as { language?: unknown }).language === "AR" ? "ar" : "en";
  } catch {
    return "en";
  }
}

/** The page's texts in one language, and which language that is. */
export type Say = ((key: OrderMessageKey, values?: Record<string, string | number>) => string) & {
  locale: Locale;
};
export const sayIn = (locale: Locale): Say =>
  Object.assign(
    (key: OrderMessageKey, values?: Record<string, string | number>) => tOrderIn(locale, key, values),
    {
      locale,
    },
  );
export const english = sayIn("en");

/** Sends a page under its own strict policy; `returnOrigin` is the shop the page's form may return to. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  render: (nonce: string) => string,
  returnOrigin?: string,
) {
  const nonce = randomBytes(16).toString("base64");
  // Its own strict policy: no script at all, one inline style block carrying the nonce, and the form
  // may only post here (and follow the redirect back to the shop).
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header(
      "content-security-policy",
      [
        "default-src 'none'",
        `style-src 'nonce-${nonce}'`,
        `form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ""}`,
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ].join("; "),
    )
    .send(render(nonce));
}

export type CardField = "card" | "expiry" | "cvc" | "name";

export function checkCard(
  values: Record<CardField, string>,
  tOrder: Say,
): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = values.card.replace(/[\s-]/g, "");
  if (digits !== PAYING_CARD && digits !== DECLINED_CARD) errors.card = tOrder("sandbox.cardInvalid");
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(values.expiry);
  const now = new Date();
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (
    !expiry ||
    month < 1 ||
    month > 12 ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  )
    errors.expiry = tOrder("sandbox.expiryInvalid");
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = tOrder("sandbox.cvcInvalid");
  if (values.name.trim().length === 0) errors.name = tOrder("sandbox.nameRequired");
  return errors;
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f5f1ea;color:#1f1b16;line-height:1.5}
main{max-width:28rem;margin:0 auto;padding:2rem 1rem}
.badge{display:inline-block;background:#1f1b16;color:#fff;border-radius:999px;padding:.2rem .75rem;font-size:.8rem;font-weight:600}
h1{font-size:1.6rem;margin:.75rem 0 .25rem}
.card{background:#fff;border:1px solid #d9cfc0;border-radius:1rem;padding:1.25rem;margin-top:1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{color:#5c5247}dd{margin:0;font-weight:600;text-align:end}
label{display:block;font-weight:600;margin-top:1rem}
input{display:block;width:100%;margin-top:.35rem;padding:.7rem .8rem;font:inherit;border:1px solid #8a7f72;border-radius:.6rem;background:#fff;color:#1f1b16}
input[aria-invalid=true]{border-color:#a4161a}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.error{color:#a4161a;font-size:.9rem;margin:.3rem 0 0}
.alert{border:1px solid #a4161a;background:#fdecec;color:#7a1014;border-radius:.6rem;padding:.75rem;margin-top:1rem}
button{margin-top:1.5rem;width:100%;padding:.85rem;font:inherit;font-weight:700;border:0;border-radius:.6rem;background:#7a4e2d;color:#fff;cursor:pointer}
a{color:#6b3f1f;font-weight:600}
.actions{text-align:center;margin-top:1rem}
.hint{color:#5c5247;font-size:.9rem}
.notice{border:2px dashed #7a4e2d;background:#fff8ec;border-radius:.6rem;padding:.75rem;margin:1rem 0 0}
button.secondary{margin-top:0;width:auto;background:none;color:#6b3f1f;text-decoration:underline;padding:.5rem 1rem}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
`;

function shell(nonce: string, tOrder: Say, body: string): string {
  const arabic = tOrder.locale === "ar";
  return `<!doctype html>
<html lang="${arabic ? "ar" : "en"}"${arabic ? ' dir="rtl"' : ""}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(tOrder("sandbox.title"))}</title>
<style nonce="${nonce}">${STYLES}</style>
</head>
<body>
<main>
<span class="badge">${escapeHtml(tOrder("sandbox.title"))}</span>
<p class="notice" data-testid="sandbox-notice"><strong>${escapeHtml(tOrder("sandbox.notice"))}</strong></p>
${body}
</main>
</body>
</html>`;
}

export function cardPage(
  nonce: string,
  tOrder: Say,
  row: SandboxCheckoutTable,
  values: Partial<Record<CardField, string>>,
  errors: Partial<Record<CardField, string>>,
): string {
  const amount = `${row.currency} ${Number(row.amount).toFixed(2)}`;
  const field = (name: CardField, label: string, attrs: string) => {
    const error = errors[name];
    const describedBy = error ? ` aria-describedby="${name}-error" aria-invalid="true"` : "";
    return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" value="${escapeHtml(values[name] ?? "")}" required ${attrs}${describedBy}>
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ""}`;
  };
  const hasErrors = Object.keys(errors).length > 0;
  return shell(
    nonce,
    tOrder,
    `<h1>${escapeHtml(tOrder("sandbox.title"))}</h1>
<p>${escapeHtml(tOrder("sandbox.payTo", { shop: row.shop_name }))}</p>
<section class="card" aria-label="${escapeHtml(tOrder("sandbox.order"))}">
<dl><dt>${escapeHtml(tOrder("sandbox.order"))}</dt><dd>${escapeHtml(row.order_id)}</dd>
<dt>${escapeHtml(tOrder("sandbox.amount"))}</dt><dd data-testid="sandbox-amount">${escapeHtml(amount)}</dd></dl>
</section>
<form class="card" method="post" action="${SANDBOX_PAGE_PATH}${escapeHtml(row.id)}" novalidate>
${hasErrors ? `<p class="alert" role="alert">${escapeHtml(tOrder("sandbox.errorSummary"))}</p>` : ""}
${field("card", tOrder("sandbox.cardNumber"), 'inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
<div class="row"><div>${field("expiry", tOrder("sandbox.expiry"), 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"')}</div>
<div>${field("cvc", tOrder("sandbox.cvc"), 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div></div>
${field("name", tOrder("sandbox.name"), 'autocomplete="cc-name" maxlength="100"')}
<button type="submit">${escapeHtml(tOrder("sandbox.pay", { amount }))}</button>
<p class="hint">${escapeHtml(tOrder("sandbox.testCards"))}</p>
</form>
<form class="actions" method="post" action="${SANDBOX_PAGE_PATH}${escapeHtml(row.id)}/cancel">
<button type="submit" class="secondary">${escapeHtml(tOrder("sandbox.cancel"))}</button>
</form>`,
  );
}

export function messagePage(
  nonce: string,
  tOrder: Say,
  message: string,
  options: { href?: string; alert?: boolean } = {},
): string {
  return shell(
    nonce,
    tOrder,
    `<h1>${escapeHtml(tOrder("sandbox.title"))}</h1>
<p class="${options.alert ? "alert" : "card"}"${options.alert ? ' role="alert"' : ""}>${escapeHtml(message)}</p>
${options.href ? `<p class="actions"><a href="${escapeHtml(options.href)}">${escapeHtml(tOrder("sandbox.returnLink"))}</a></p>` : ""}`,
  );
}
