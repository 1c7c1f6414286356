import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Config } from "../config.ts";
import {
  findSandboxCheckout,
  findSandboxCheckoutByRequest,
  finishSandboxCheckout,
  insertSandboxCheckout,
} from "../db/repositories/sandbox.ts";
import type { Database, SandboxCheckoutTable } from "../db/schema.ts";
import type { PaymenntCredentials } from "../integrations/paymennt.ts";
import { sandboxAllowed } from "../locality.ts";
import {
  cardPage,
  checkCard,
  DECLINED_CARD,
  english,
  localeOf,
  messagePage,
  SANDBOX_PAGE_PATH,
  sayIn,
  sendPage,
} from "./sandbox-paymennt-pages.ts";
import { refundedStatus, sandboxRefundedCents, sandboxRefundHandler } from "./sandbox-paymennt-refunds.ts";

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
 * The pages themselves are in sandbox-paymennt-pages.ts.
 */

export const SANDBOX_API_PATH = "/sandbox/paymennt/mer/v2.0/";
export { SANDBOX_PAGE_PATH };

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

function checkoutResult(row: SandboxCheckoutTable, siteUrl: string, refundedCents = 0) {
  return {
    id: row.id,
    requestId: row.request_id,
    orderId: row.order_id,
    currency: row.currency,
    amount: Number(row.amount),
    status: refundedStatus(row, refundedCents),
    totalRefunded: refundedCents / 100,
    redirectUrl: `${siteUrl}${SANDBOX_PAGE_PATH}${row.id}`,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

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
        return sendPage(reply, 403, (nonce) => messagePage(nonce, english, english("sandbox.localOnly")));
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
      return envelope(reply, started, 200, {
        result: checkoutResult(row, siteUrl, await sandboxRefundedCents(db, row.id)),
      });
    });

    // Issue 24: refunds, as Paymennt's API documents them (sandbox-paymennt-refunds.ts).
    sandbox.post<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
      `${SANDBOX_API_PATH}checkout/:id/refund`,
      sandboxRefundHandler(db, envelope, async (row) =>
        checkoutResult(row, siteUrl, await sandboxRefundedCents(db, row.id)),
      ),
    );

    sandbox.get<{ Params: { id: string } }>(`${SANDBOX_PAGE_PATH}:id`, async (request, reply) => {
      const row = await findSandboxCheckout(db, request.params.id);
      if (!row)
        return sendPage(reply, 404, (nonce) => messagePage(nonce, english, english("sandbox.notFound")));
      const say = sayIn(localeOf(row));
      if (row.status !== "PENDING") {
        return sendPage(reply, 200, (nonce) =>
          messagePage(nonce, say, say("sandbox.done", { status: row.status }), { href: returnTo(row) }),
        );
      }
      return sendPage(
        reply,
        200,
        (nonce) => cardPage(nonce, say, row, {}, {}),
        new URL(row.return_url).origin,
      );
    });

    sandbox.post<{ Params: { id: string }; Body: Record<string, string> }>(
      `${SANDBOX_PAGE_PATH}:id`,
      async (request, reply) => {
        const row = await findSandboxCheckout(db, request.params.id);
        if (!row)
          return sendPage(reply, 404, (nonce) => messagePage(nonce, english, english("sandbox.notFound")));
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
          return sendPage(reply, 422, (nonce) => cardPage(nonce, say, row, values, errors), origin);
        }
        const digits = values.card.replace(/\D/g, "");
        const at = new Date().toISOString();
        if (digits === DECLINED_CARD) {
          await finishSandboxCheckout(db, row.id, "FAILED", at);
          // The page says so and waits for the shopper: its one action returns to the shop, whose return
          // page restates the outcome with Try Again. No timed redirect (WCAG 2.2.1: a page must not move
          // on by itself before a person has read it).
          return sendPage(
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
      if (!row)
        return sendPage(reply, 404, (nonce) => messagePage(nonce, english, english("sandbox.notFound")));
      if (row.status === "PENDING")
        await finishSandboxCheckout(db, row.id, "CANCELLED", new Date().toISOString());
      return reply.redirect(returnTo(row), 303);
    });
    sandbox.get(`${SANDBOX_PAGE_PATH}:id/cancel`, async (_request, reply) =>
      sendPage(reply.header("allow", "POST"), 405, (nonce) =>
        messagePage(nonce, english, english("sandbox.cancelIsPost")),
      ),
    );
  });
}
