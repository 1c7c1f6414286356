import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { findSandboxCheckout } from "../db/repositories/sandbox.ts";
import type { Database, SandboxCheckoutTable } from "../db/schema.ts";

/**
 * The sandbox's refund call (issue 24; decision 0023), as Paymennt's Merchant API v2.0 documents it:
 * `POST checkout/{checkoutId}/refund?amount=&currency=&note=&referenceId=`, answering the checkout with
 * `totalRefunded` and the status PARTIALLY_REFUNDED or REFUNDED. A paid checkout can be refunded in parts
 * up to its amount; a `referenceId` already used answers the checkout again without refunding twice.
 *
 * Magic amounts, for tests and for trying the back office by hand:
 * - AED 13.13 is refused (400 'refund declined by the card issuer'), like any refund beyond the remainder;
 * - AED 6.66 is refunded but its answer is lost (504), as when the network drops after Paymennt acted.
 */

export const REFUSED_REFUND_AMOUNT = 13.13;
export const LOST_ANSWER_REFUND_AMOUNT = 6.66;

const cents = (aed: number) => Math.round(aed * 100);

export async function sandboxRefundedCents(db: Kysely<Database>, checkoutId: string): Promise<number> {
  const rows = await db
    .selectFrom("sandbox_refunds")
    .select("amount")
    .where("checkout_id", "=", checkoutId)
    .execute();
  return rows.reduce((sum, r) => sum + cents(Number(r.amount)), 0);
}

/** The checkout's status as Paymennt reports it once refunds are made. */
export function refundedStatus(row: SandboxCheckoutTable, refundedCents: number): string {
  if (row.status !== "PAID" || refundedCents === 0) return row.status;
  return refundedCents >= cents(Number(row.amount)) ? "REFUNDED" : "PARTIALLY_REFUNDED";
}

type Envelope = (
  reply: FastifyReply,
  started: number,
  status: number,
  body: { error?: string; result?: unknown },
) => FastifyReply;

export function sandboxRefundHandler(
  db: Kysely<Database>,
  envelope: Envelope,
  result: (row: SandboxCheckoutTable) => Promise<Record<string, unknown>>,
) {
  return async (
    request: FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
  ) => {
    const started = performance.now();
    const q = request.query;
    const amount = Number(q.amount);
    if (!q.amount || !Number.isFinite(amount) || amount <= 0)
      return envelope(reply, started, 400, { error: "amount: must be a positive number" });
    if (q.currency !== "AED") return envelope(reply, started, 400, { error: "currency: must be AED" });
    if (!q.note?.trim()) return envelope(reply, started, 400, { error: "note: required" });
    const row = await findSandboxCheckout(db, request.params.id);
    if (!row) return envelope(reply, started, 404, { error: "checkout not found" });
    if (q.referenceId) {
      const done = await db
        .selectFrom("sandbox_refunds")
        .select("checkout_id")
        .where("reference_id", "=", q.referenceId)
        .executeTakeFirst();
      if (done?.checkout_id === row.id) return envelope(reply, started, 200, { result: await result(row) });
      if (done) return envelope(reply, started, 400, { error: "referenceId already used" });
    }
    if (row.status !== "PAID")
      return envelope(reply, started, 400, { error: `a ${row.status} checkout cannot be refunded` });
    if (cents(amount) === cents(REFUSED_REFUND_AMOUNT))
      return envelope(reply, started, 400, { error: "refund declined by the card issuer" });
    const inserted = await db.transaction().execute(async (trx) => {
      // One refund at a time per checkout: the checkout row is touched first (a row lock on PostgreSQL).
      await trx
        .updateTable("sandbox_checkouts")
        .set({ updated_at: new Date().toISOString() })
        .where("id", "=", row.id)
        .execute();
      // The same referenceId sent twice at once: the second waited for the first's lock; it refunds nothing.
      if (q.referenceId) {
        const done = await trx
          .selectFrom("sandbox_refunds")
          .select("id")
          .where("reference_id", "=", q.referenceId)
          .executeTakeFirst();
        if (done) return "repeat";
      }
      const refunded = await sandboxRefundedCents(trx as unknown as Kysely<Database>, row.id);
      if (refunded + cents(amount) > cents(Number(row.amount))) return false;
      await trx
        .insertInto("sandbox_refunds")
        .values({
          id: randomBytes(12).toString("hex"),
          checkout_id: row.id,
          reference_id: q.referenceId || randomBytes(12).toString("hex"),
          amount: amount.toFixed(2),
          note: q.note ?? "",
          created_at: new Date().toISOString(),
        })
        .execute();
      return true as const;
    });
    if (!inserted)
      return envelope(reply, started, 400, { error: "refund amount exceeds the refundable amount" });
    if (inserted === "repeat") return envelope(reply, started, 200, { result: await result(row) });
    if (cents(amount) === cents(LOST_ANSWER_REFUND_AMOUNT))
      return reply.code(504).type("text/html").send("<h1>504 Gateway Time-out</h1>");
    return envelope(reply, started, 200, { result: await result(row) });
  };
}
