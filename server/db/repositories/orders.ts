import type { Kysely, Transaction } from "kysely";
import type { Database, OrderTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** SPEC §3 Order as the account's My Orders reads it. */
export interface OrderDto {
  _id: string;
  date: string;
  status: string;
  line_items: unknown[];
  price: Record<string, unknown>;
  address: Record<string, unknown>;
  createdAt: string;
}

export async function insertOrder(db: Db, order: OrderTable): Promise<void> {
  await db.insertInto("orders").values(order).execute();
}

/** One shopper's orders, newest first. */
export async function listOrdersForUser(db: Db, userId: string): Promise<OrderDto[]> {
  const rows = await db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toOrderDto);
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toOrderDto(row: OrderTable): OrderDto {
  return {
    _id: row.id,
    date: row.date,
    status: row.status,
    line_items: parseJson<unknown[]>(row.line_items, []),
    price: parseJson<Record<string, unknown>>(row.price, {}),
    address: parseJson<Record<string, unknown>>(row.address, {}),
    createdAt: row.created_at,
  };
}
