import { type Kysely, sql, type Transaction } from "kysely";
import type { AdminCustomerQuery } from "#core/admin.ts";
import type { Database, UserTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The national part of a typed phone number (050 123 4567, +971 50…, 00971 50… all give 501234567). */
export function nationalDigits(text: string): string {
  return text.replace(/\D/g, "").replace(/^(00971|971|0)/, "");
}

export interface AdminCustomerRow
  extends Pick<UserTable, "id" | "name" | "email" | "phone" | "language" | "created_at"> {
  orders_count: number;
  total_spent_fils: number;
  last_order_at: string | null;
  cod_refusals: number;
}

/**
 * Shoppers' accounts with their figures, each a correlated count over their placed orders (test orders
 * left out): how many, what they spent (cancelled and refunded orders left out), the last one, and the
 * cash-on-delivery orders cancelled once on their way (refused at the door).
 */
function customerRows(db: Db) {
  return db
    .selectFrom("users")
    .select(["users.id", "users.name", "users.email", "users.phone", "users.language", "users.created_at"])
    .select((eb) => {
      const figures = () => eb.selectFrom("orders as o").whereRef("o.user_id", "=", "users.id");
      return [
        figures()
          .where("o.placed_at", "is not", null)
          .where("o.is_test", "=", false)
          .select(eb.fn.countAll<number>().as("n"))
          .as("orders_count"),
        figures()
          .where("o.placed_at", "is not", null)
          .where("o.is_test", "=", false)
          .where("o.status", "!=", "Cancelled")
          .where("o.payment_status", "!=", "refunded")
          .select((s) => s.fn.coalesce(s.fn.sum<number>("o.total_fils"), sql<number>`0`).as("n"))
          .as("total_spent_fils"),
        figures()
          .where("o.placed_at", "is not", null)
          .where("o.is_test", "=", false)
          .select((s) => s.fn.max("o.placed_at").as("n"))
          .as("last_order_at"),
        figures()
          .where("o.placed_at", "is not", null)
          .where("o.payment_mode", "=", "cod")
          .where("o.status", "=", "Cancelled")
          .where((w) =>
            w.exists(
              w
                .selectFrom("order_events as e")
                .select("e.id")
                .whereRef("e.order_id", "=", "o.id")
                .where("e.to_status", "=", "Cancelled")
                .where("e.from_status", "in", ["Shipped", "Out for Delivery"]),
            ),
          )
          .select(eb.fn.countAll<number>().as("n"))
          .as("cod_refusals"),
      ];
    });
}

function toRow(r: Record<string, unknown>): AdminCustomerRow {
  return {
    id: String(r.id),
    name: String(r.name),
    email: (r.email as string | null) ?? null,
    phone: String(r.phone),
    language: r.language as UserTable["language"],
    created_at: String(r.created_at),
    orders_count: Number(r.orders_count ?? 0),
    total_spent_fils: Number(r.total_spent_fils ?? 0),
    last_order_at: (r.last_order_at as string | null) ?? null,
    cod_refusals: Number(r.cod_refusals ?? 0),
  };
}

/** Shoppers (role customer) found by name, e-mail or phone; the latest buyers first, then the newest accounts. */
export async function listCustomerRows(
  db: Db,
  query: AdminCustomerQuery,
): Promise<{ rows: AdminCustomerRow[]; total: number }> {
  let base = db.selectFrom("users").where("users.role", "=", "customer");
  if (query.search) {
    const text = query.search.toLowerCase();
    const pattern = `%${escapeLike(text)}%`;
    const national = nationalDigits(text);
    base = base.where((eb) => {
      const alternatives = [
        eb(sql<string>`lower(users.name)`, "like", sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(users.email)`, "like", sql<string>`${pattern} escape '\\'`),
      ];
      if (national.length >= 4) alternatives.push(eb("users.phone", "like", `%${national}%`));
      return eb.or(alternatives);
    });
  }
  const ids = base.select("users.id");
  const [rows, count] = await Promise.all([
    db
      .selectFrom(customerRows(db).where("users.id", "in", ids).as("c"))
      .selectAll("c")
      // Latest buyers first (an account without orders sorts last on both engines), then the newest.
      .orderBy(sql`coalesce(c.last_order_at, '')`, "desc")
      .orderBy("c.created_at", "desc")
      .orderBy("c.id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => toRow(r as Record<string, unknown>)), total: Number(count.n) };
}

export async function findCustomerRow(db: Db, id: string): Promise<AdminCustomerRow | undefined> {
  const row = await customerRows(db)
    .where("users.id", "=", id)
    .where("users.role", "=", "customer")
    .executeTakeFirst();
  return row ? toRow(row as Record<string, unknown>) : undefined;
}

/** Her contact messages: sent while signed in, or from her e-mail address. */
export async function customerMessages(db: Db, id: string, email: string | null) {
  return db
    .selectFrom("contact_messages")
    .select(["id", "reference", "status", "created_at", "subject"])
    .where((eb) =>
      email
        ? eb.or([eb("user_id", "=", id), eb(sql<string>`lower(email)`, "=", email)])
        : eb("user_id", "=", id),
    )
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
}

/** Her stitching requests: sent while signed in, from her e-mail address or from her phone number. */
export async function customerStitchingRequests(db: Db, id: string, email: string | null, phone: string) {
  const national = nationalDigits(phone);
  return db
    .selectFrom("stitching_requests")
    .select(["id", "reference", "status", "created_at", "service_type", "item_count"])
    .where((eb) => {
      const alternatives = [eb("user_id", "=", id)];
      if (email) alternatives.push(eb(sql<string>`lower(email)`, "=", email));
      if (national.length >= 7) alternatives.push(eb("phone", "like", `%${national}`));
      return eb.or(alternatives);
    })
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
}

export async function customerReviews(db: Db, id: string) {
  return db
    .selectFrom("reviews")
    .innerJoin("products", "products.id", "reviews.product_id")
    .select([
      "reviews.id",
      "reviews.product_id",
      "products.name as product_name",
      "reviews.rating",
      "reviews.comment",
      "reviews.status",
      "reviews.created_at",
    ])
    .where("reviews.user_id", "=", id)
    .orderBy("reviews.created_at", "desc")
    .limit(100)
    .execute();
}
