import type { Kysely, Transaction } from "kysely";
import type { StitchingQuoteLineTable, StitchingQuoteTable } from "../schema/quotes.ts";
import type { Database } from "../schema.ts";

/** Quotes on stitching requests (issue 29, part 4; decision 0043): the quote, its lines, its order. */

type Db = Kysely<Database> | Transaction<Database>;

const changed = (result: { numUpdatedRows: bigint } | undefined) => Number(result?.numUpdatedRows ?? 0);

export async function insertQuote(
  db: Db,
  quote: StitchingQuoteTable,
  lines: StitchingQuoteLineTable[],
): Promise<void> {
  await db.insertInto("stitching_quotes").values(quote).execute();
  await db.insertInto("stitching_quote_lines").values(lines).execute();
}

export async function findQuote(db: Db, id: string): Promise<StitchingQuoteTable | undefined> {
  return db.selectFrom("stitching_quotes").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function quotesOfRequest(db: Db, requestId: string): Promise<StitchingQuoteTable[]> {
  return db
    .selectFrom("stitching_quotes")
    .selectAll()
    .where("request_id", "=", requestId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function quotesOfUser(db: Db, userId: string): Promise<StitchingQuoteTable[]> {
  return db
    .selectFrom("stitching_quotes")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function quoteLinesOf(db: Db, quoteIds: string[]): Promise<StitchingQuoteLineTable[]> {
  if (quoteIds.length === 0) return [];
  return db
    .selectFrom("stitching_quote_lines")
    .selectAll()
    .where("quote_id", "in", quoteIds)
    .orderBy("quote_id")
    .orderBy("position")
    .execute();
}

/** The reference of each request, and the number of each order, the quotes point at. */
export async function quoteLabels(
  db: Db,
  quotes: StitchingQuoteTable[],
): Promise<{ references: Map<string, string>; orderNumbers: Map<string, string> }> {
  const requestIds = [...new Set(quotes.map((q) => q.request_id))];
  const orderIds = [...new Set(quotes.flatMap((q) => (q.order_id ? [q.order_id] : [])))];
  const [requests, orders] = await Promise.all([
    requestIds.length === 0
      ? []
      : db
          .selectFrom("stitching_requests")
          .select(["id", "reference"])
          .where("id", "in", requestIds)
          .execute(),
    orderIds.length === 0
      ? []
      : db.selectFrom("orders").select(["id", "order_number"]).where("id", "in", orderIds).execute(),
  ]);
  return {
    references: new Map(requests.map((r) => [r.id, r.reference])),
    orderNumbers: new Map(orders.map((o) => [o.id, o.order_number])),
  };
}

/**
 * Links the quote to the order accepting made, once: only while it is open (or still points at
 * `replacing`, a card attempt that ended unpaid). False when another acceptance won.
 */
export async function linkQuoteOrder(
  db: Db,
  quoteId: string,
  orderId: string,
  replacing: string | null,
  at: string,
): Promise<boolean> {
  let query = db
    .updateTable("stitching_quotes")
    .set({ order_id: orderId, status: "accepted", updated_at: at })
    .where("id", "=", quoteId);
  query =
    replacing === null
      ? query.where("status", "=", "open").where("order_id", "is", null)
      : query.where("order_id", "=", replacing);
  return changed(await query.executeTakeFirst()) === 1;
}

/** Withdraws an open quote; false when it was accepted (or withdrawn) first. */
export async function withdrawQuote(db: Db, quoteId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("stitching_quotes")
    .set({ status: "withdrawn", updated_at: at })
    .where("id", "=", quoteId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return changed(result) === 1;
}
