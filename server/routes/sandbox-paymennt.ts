import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import { tOrderIn } from "#core/i18n/ar-orders.ts";
import type { OrderMessageKey } from "#core/i18n/en-orders.ts";
import type { Locale } from "#core/locale.ts";
import type { Config } from "../config.ts";
import {
  findSandboxCheckout,
  findSandboxCheckoutByRequest,
  finishSandboxCheckout,
  insertSandboxCheckout,
} from "../db/repositories/sandbox.ts";
import type { Database, SandboxCheckoutTable } from "../db/schema.ts";
import { escapeHtml } from "../integrations/mail.ts";
import type { PaymenntCredentials } from "../integrations/paymennt.ts";
import { sandboxAllowed } from "../locality.ts";

/**
 * The test payment sandbox (issue 11): Paymennt's hosted checkout protocol served by the store itself,
 * used whenever no Paymennt keys are configured (never registered when they are). The real client
 * (integrations/paymennt.ts) talks to it over HTTP. Its state lives in the database, so several server
 * processes share it as they would share Paymennt.
 *
 * - `POST {base}checkout/web`, `GET {base}checkout/{id}` with base `/sandbox/paymennt/mer/v2.0/`, in
 *   Paymennt's envelope `{ success, elapsed, error, result }`;
 * - the hosted card page at `/sandbox/paymennt/pay/{id}`: 4242 4242 4242 4242 pays, 4000 0000 0000 0002
 *   is declined (the page says so; its link returns to the shop), Cancel (a POST from the page) cancels;
 *   each ends at `returnUrl?checkout={id}`.
 *
 * Issue 21: it behaves like a provider. The API takes only the key and secret the store generated for it
 * (derived from the app secret, the same in every process); pages and API answer only local requests (a
 * loopback peer and a localhost Host) unless ALLOW_PUBLIC_SANDBOX; every page says it takes no money.
 */

export const SANDBOX_API_PATH = "/sandbox/paymennt/mer/v2.0/";
export const SANDBOX_PAGE_PATH = "/sandbox/paymennt/pay/";

const PAYING_CARD = "4242424242424242";
const DECLINED_CARD = "4000000000000002";

const money = z.number().finite().min(0);
const CheckoutRequestSchema = z.object({
  requestId: z.string().min(1).max(100),
  orderId: z.string().min(1).max(100),
  currency: z.literal("AED"),
  amount: z.number().finite().positive(),
  totals: z
    .object({
      subtotal: money,
      tax: money.default(0),
      shipping: money.default(0),
      handling: money.default(0),
      discount: money.default(0),
    })
    .optional(),
  items: z
    .array(
      z.object({
        name: z.string().min(1),
        sku: z.string().optional(),
        unitprice: money,
        quantity: z.number().int().positive(),
        linetotal: money,
      }),
    )
    .optional(),
  customer: z.object({ email: z.string().optional(), firstName: z.string().optional() }).loose().optional(),
  billingAddress: z.object({}).loose().optional(),
  returnUrl: z.url(),
  language: z.string().optional(),
});

const cents = (aed: number) => Math.round(aed * 100);

/** Paymennt checks that the totals add up to the amount; so does the sandbox. */
function totalsProblem(body: z.output<typeof CheckoutRequestSchema>): string | null {
  if (!body.totals) return null;
  const { subtotal, tax, shipping, handling, discount } = body.totals;
  if (
    cents(subtotal) + cents(tax) + cents(shipping) + cents(handling) - cents(discount) !==
    cents(body.amount)
  )
    return "totals do not add up to the amount";
  if (body.items) {
    const lines = body.items.reduce((sum, i) => sum + cents(i.linetotal), 0);
    if (lines !== cents(subtotal)) return "items do not add up to the subtotal";
    if (body.items.some((i) => cents(i.unitprice) * i.quantity !== cents(i.linetotal)))
      return "an item's line total is not its unit price times its quantity";
  }
  return null;
}

function checkoutResult(row: SandboxCheckoutTable, siteUrl: string) {
  return {
    id: row.id,
    requestId: row.request_id,
    orderId: row.order_id,
    currency: row.currency,
    amount: Number(row.amount),
    status: row.status,
    redirectUrl: `${siteUrl}${SANDBOX_PAGE_PATH}${row.id}`,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The language the shop asked the payment page to speak (Paymennt's `language`: EN or AR). */
function localeOf(row: SandboxCheckoutTable): Locale {
  try {
    return (JSON.parse(row.request_body) as { language?: unknown }).language === "AR" ? "ar" : "en";
  } catch {
    return "en";
  }
}

/** The page's texts in one language, and which language that is. */
type Say = ((key: OrderMessageKey, values?: Record<string, string | number>) => string) & { locale: Locale };
const sayIn = (locale: Locale): Say =>
  Object.assign(
    (key: OrderMessageKey, values?: Record<string, string | number>) => tOrderIn(locale, key, values),
    {
      locale,
    },
  );
const english = sayIn("en");

function returnTo(row: SandboxCheckoutTable): string {
  const url = new URL(row.return_url);
  url.searchParams.set("checkout", row.id);
  return url.toString();
}

/** The same length and bytes, in constant time. */
function sameSecret(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== "string") return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerPaymentSandbox(
  app: FastifyInstance,
  options: {
    db: Kysely<Database>;
    config: Pick<Config, "ALLOW_PUBLIC_SANDBOX">;
    siteUrl: string;
    shopName: string;
    /** The key and secret the store's payment client was given for the sandbox. */
    credentials: () => Promise<PaymenntCredentials>;
  },
): void {
  const { db, shopName, config } = options;
  const siteUrl = options.siteUrl.replace(/\/$/, "");

  app.register(async (sandbox) => {
    sandbox.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const envelope = (
      reply: FastifyReply,
      started: number,
      status: number,
      body: { error?: string; result?: unknown },
    ) =>
      reply.code(status).send({
        success: status < 400,
        elapsed: Math.round(performance.now() - started),
        error: body.error ?? null,
        result: body.result ?? null,
      });

    sandbox.addHook("onRequest", async (request, reply) => {
      if (!request.url.startsWith("/sandbox/paymennt/")) return;
      const api = request.url.startsWith(SANDBOX_API_PATH);
      // Issue 21: a test provider for this machine only, unless switched on for a staging site.
      if (!sandboxAllowed(config, request)) {
        request.log.info("test payment sandbox refused a request that is not local");
        if (api)
          return envelope(reply, performance.now(), 403, {
            error: "the test payment sandbox answers only local requests",
          });
        return page(reply, 403, (nonce) => messagePage(nonce, english, english("sandbox.localOnly")));
      }
      if (!api) return;
      const key = request.headers["x-paymennt-api-key"];
      const secret = request.headers["x-paymennt-api-secret"];
      if (!key || !secret)
        return envelope(reply, performance.now(), 401, { error: "API key and secret required" });
      const expected = await options.credentials();
      if (!sameSecret(key, expected.apiKey) || !sameSecret(secret, expected.apiSecret))
        return envelope(reply, performance.now(), 401, { error: "invalid API key or secret" });
    });

    sandbox.post(`${SANDBOX_API_PATH}checkout/web`, async (request, reply) => {
      const started = performance.now();
      const parsed = CheckoutRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return envelope(reply, started, 400, { error: `${issue?.path.join(".")}: ${issue?.message}` });
      }
      const problem = totalsProblem(parsed.data);
      if (problem) return envelope(reply, started, 400, { error: problem });
      const existing = await findSandboxCheckoutByRequest(db, parsed.data.requestId);
      if (existing) return envelope(reply, started, 409, { error: "requestId already used" });
      const now = new Date().toISOString();
      const row: SandboxCheckoutTable = {
        id: randomBytes(12).toString("hex"),
        request_id: parsed.data.requestId,
        order_id: parsed.data.orderId,
        currency: parsed.data.currency,
        amount: parsed.data.amount.toFixed(2),
        status: "PENDING",
        return_url: parsed.data.returnUrl,
        shop_name: shopName,
        request_body: JSON.stringify(request.body),
        created_at: now,
        updated_at: now,
      };
      await insertSandboxCheckout(db, row);
      return envelope(reply, started, 200, { result: checkoutResult(row, siteUrl) });
    });

    sandbox.get<{ Params: { id: string } }>(`${SANDBOX_API_PATH}checkout/:id`, async (request, reply) => {
      const started = performance.now();
      const row = await findSandboxCheckout(db, request.params.id);
      if (!row) return envelope(reply, started, 404, { error: "checkout not found" });
      return envelope(reply, started, 200, { result: checkoutResult(row, siteUrl) });
    });

    const page = (
      reply: FastifyReply,
      status: number,
      render: (nonce: string) => string,
      returnOrigin?: string,
    ) => {
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
    };

    sandbox.get<{ Params: { id: string } }>(`${SANDBOX_PAGE_PATH}:id`, async (request, reply) => {
      const row = await findSandboxCheckout(db, request.params.id);
      if (!row) return page(reply, 404, (nonce) => messagePage(nonce, english, english("sandbox.notFound")));
      const say = sayIn(localeOf(row));
      if (row.status !== "PENDING") {
        return page(reply, 200, (nonce) =>
          messagePage(nonce, say, say("sandbox.done", { status: row.status }), { href: returnTo(row) }),
        );
      }
      return page(reply, 200, (nonce) => cardPage(nonce, say, row, {}, {}), new URL(row.return_url).origin);
    });

    sandbox.post<{ Params: { id: string }; Body: Record<string, string> }>(
      `${SANDBOX_PAGE_PATH}:id`,
      async (request, reply) => {
        const row = await findSandboxCheckout(db, request.params.id);
        if (!row)
          return page(reply, 404, (nonce) => messagePage(nonce, english, english("sandbox.notFound")));
        const say = sayIn(localeOf(row));
        const origin = new URL(row.return_url).origin;
        if (row.status !== "PENDING") return reply.redirect(returnTo(row), 303);
        const body = request.body && typeof request.body === "object" ? request.body : {};
        const values = {
          card: String(body.card ?? ""),
          expiry: String(body.expiry ?? ""),
          cvc: String(body.cvc ?? ""),
          name: String(body.name ?? ""),
        };
        const errors = checkCard(values, say);
        if (Object.keys(errors).length > 0) {
          return page(reply, 422, (nonce) => cardPage(nonce, say, row, values, errors), origin);
        }
        const digits = values.card.replace(/\D/g, "");
        const at = new Date().toISOString();
        if (digits === DECLINED_CARD) {
          await finishSandboxCheckout(db, row.id, "FAILED", at);
          // The page says so and waits for the shopper: its one action returns to the shop, whose return
          // page restates the outcome with Try Again. No timed redirect (WCAG 2.2.1: a page must not move
          // on by itself before a person has read it).
          return page(
            reply,
            402,
            (nonce) => messagePage(nonce, say, say("sandbox.declined"), { href: returnTo(row), alert: true }),
            origin,
          );
        }
        await finishSandboxCheckout(db, row.id, "PAID", at);
        return reply.redirect(returnTo(row), 303);
      },
    );

    // Paymennt's page has a cancel button back to the shop; so does the sandbox's. A change is a POST
    // from the page: a link someone is sent (or a prefetch) never cancels a shopper's checkout.
    sandbox.post<{ Params: { id: string } }>(`${SANDBOX_PAGE_PATH}:id/cancel`, async (request, reply) => {
      const row = await findSandboxCheckout(db, request.params.id);
      if (!row) return page(reply, 404, (nonce) => messagePage(nonce, english, english("sandbox.notFound")));
      if (row.status === "PENDING")
        await finishSandboxCheckout(db, row.id, "CANCELLED", new Date().toISOString());
      return reply.redirect(returnTo(row), 303);
    });
    sandbox.get(`${SANDBOX_PAGE_PATH}:id/cancel`, async (_request, reply) =>
      page(reply.header("allow", "POST"), 405, (nonce) =>
        messagePage(nonce, english, english("sandbox.cancelIsPost")),
      ),
    );
  });
}

type CardField = "card" | "expiry" | "cvc" | "name";

function checkCard(values: Record<CardField, string>, tOrder: Say): Partial<Record<CardField, string>> {
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

function cardPage(
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

function messagePage(
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
