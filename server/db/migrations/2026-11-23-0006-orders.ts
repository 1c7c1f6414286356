import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Orders and payments (issue 11; SPEC §3 Order, §4 Checkout and Payment return, §7 order calls): the
// JSON-blob `orders` table of 0003 becomes proper tables, keeping its rows; payments with their raw
// status history, order events, stock holds, the payment sandbox's checkouts, and retry bookkeeping on
// the mail outbox. Decisions in docs/decisions/0005-orders-and-payments.md.

/** The first order number is NA-100231 (the counter holds the last number handed out). */
const FIRST_ORDER_NUMBER = 100_231;

interface LegacyOrder {
  id: string;
  user_id: string;
  status: string;
  date: string;
  line_items: string;
  price: string;
  address: string;
  created_at: string;
}

function parse<T>(text: string, fallback: T): T {
  try {
    const value = JSON.parse(text) as unknown;
    return (value ?? fallback) as T;
  } catch {
    return fallback;
  }
}

const text = (value: unknown): string => (value === undefined || value === null ? "" : String(value));
const fils = (aed: unknown): number => {
  const n = Number(aed);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").renameTo("orders_0003").execute();
  await db.schema.dropIndex("orders_user").ifExists().execute();

  await db.schema
    .createTable("counters")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    // What the shopper and the shop call the order, e.g. NA-100231; also the invoice number.
    .addColumn("order_number", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    // 'Awaiting payment' until paid (not an order to anyone yet), then SPEC §4's values, or 'Cancelled'.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("payment_status", "text", (c) =>
      c
        .notNull()
        .check(
          sql.raw(
            "payment_status in ('pending', 'paid', 'unpaid', 'failed', 'cancelled', 'expired', 'refunded')",
          ),
        ),
    )
    .addColumn("payment_mode", "text", (c) => c.notNull().check(sql.raw("payment_mode in ('online', 'cod')")))
    .addColumn("delivery_type", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("AED"))
    .addColumn("subtotal_fils", "integer", (c) => c.notNull())
    .addColumn("shipping_fils", "integer", (c) => c.notNull())
    // The VAT included in the total (prices are VAT-inclusive), summed per line.
    .addColumn("tax_fils", "integer", (c) => c.notNull())
    .addColumn("total_fils", "integer", (c) => c.notNull())
    // The address as it was when ordered: later edits of the shopper's address book do not change it.
    .addColumn("ship_first_name", "text", (c) => c.notNull())
    .addColumn("ship_last_name", "text", (c) => c.notNull())
    .addColumn("ship_address", "text", (c) => c.notNull())
    .addColumn("ship_landmark", "text", (c) => c.notNull())
    .addColumn("ship_city", "text", (c) => c.notNull())
    .addColumn("ship_state", "text", (c) => c.notNull())
    .addColumn("ship_postcode", "text", (c) => c.notNull())
    .addColumn("ship_country", "text", (c) => c.notNull())
    .addColumn("ship_email", "text", (c) => c.notNull())
    .addColumn("ship_phone", "text", (c) => c.notNull())
    // Set when the shop must act, e.g. paid after the hold expired and the stock was gone.
    .addColumn("needs_attention", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("attention_reason", "text")
    // Until when the stock stays reserved for an unpaid online order.
    .addColumn("hold_expires_at", "text")
    // Null until the order is placed (paid online, or cash on delivery): the one test of "is an order".
    .addColumn("placed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_user_placed").on("orders").columns(["user_id", "placed_at"]).execute();

  await db.schema
    .createTable("order_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull())
    // Null only for rows kept from before this migration whose variant could not be told.
    .addColumn("variant_id", "text")
    .addColumn("sku", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("unit_price_fils", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql.raw("quantity > 0")))
    .addColumn("line_total_fils", "integer", (c) => c.notNull())
    .addColumn("vat_fils", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_lines_order")
    .on("order_lines")
    .columns(["order_id", "position"])
    .execute();
  await db.schema.createIndex("order_lines_product").on("order_lines").column("product_id").execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    // The provider's checkout id: what it appends to the return URL as ?checkout=.
    .addColumn("provider_checkout_id", "text", (c) => c.unique())
    // Unique per attempt, so a retried initiation can never make two checkouts for one attempt.
    .addColumn("request_id", "text", (c) => c.notNull().unique())
    .addColumn("amount_fils", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(sql.raw("status in ('created', 'pending', 'paid', 'failed', 'cancelled', 'expired')")),
    )
    .addColumn("redirect_url", "text")
    // JSON list of { at, status, source } exactly as the provider reported each status.
    .addColumn("status_history", "text", (c) => c.notNull())
    // Reconciliation: when to ask the provider next, and which process holds the row until when.
    .addColumn("next_check_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("checks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("finalized_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_order").on("payments").column("order_id").execute();
  await db.schema.createIndex("payments_open").on("payments").columns(["status", "next_check_at"]).execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("at", "text", (c) => c.notNull())
    // 'shopper', 'webhook', 'reconciliation', 'shop', 'migration'…
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "at"]).execute();

  // Stock reserved while a shopper is on the payment page. `held_quantity` on the variant is the sum of
  // its active holds, kept by the same conditional updates that move holds, so availability is one row.
  await db.schema
    .alterTable("product_variants")
    .addColumn("held_quantity", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("stock_holds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("variant_id", "text", (c) => c.notNull().references("product_variants.id"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql.raw("quantity > 0")))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql.raw("status in ('active', 'converted', 'released')")),
    )
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("stock_holds_order").on("stock_holds").column("order_id").execute();
  await db.schema
    .createIndex("stock_holds_variant")
    .on("stock_holds")
    .columns(["variant_id", "status"])
    .execute();

  // The payment sandbox (used when no Paymennt keys are set): its checkouts live in the database so that
  // several server processes share them, as they share Paymennt.
  await db.schema
    .createTable("sandbox_checkouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("return_url", "text", (c) => c.notNull())
    .addColumn("shop_name", "text", (c) => c.notNull())
    .addColumn("request_body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // Mail retries: failed deliveries are tried again with backoff by whichever process claims the row.
  await db.schema
    .alterTable("outbox")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("outbox").addColumn("next_attempt_at", "text").execute();
  await db.schema.alterTable("outbox").addColumn("claimed_until", "text").execute();
  await db.schema.createIndex("outbox_retry").on("outbox").columns(["status", "next_attempt_at"]).execute();

  // Keep every order of the old table: each becomes a placed order with its lines, numbered in date order.
  const legacy = (await db
    .selectFrom("orders_0003")
    .selectAll()
    .orderBy("created_at")
    .orderBy("id")
    .execute()) as LegacyOrder[];
  let number = FIRST_ORDER_NUMBER - 1;
  for (const row of legacy) {
    number += 1;
    const items = parse<Record<string, unknown>[]>(row.line_items, []);
    const price = parse<Record<string, unknown>>(row.price, {});
    const address = parse<Record<string, unknown>>(row.address, {});
    const lines = (Array.isArray(items) ? items : []).map((item, position) => {
      const quantity = Math.max(1, Math.trunc(Number(item.quantity)) || 1);
      const unit = fils(item.price);
      const total = unit * quantity;
      return {
        id: `${row.id}-${position}`,
        order_id: row.id,
        position,
        product_id: text(item.product_id),
        variant_id: null,
        sku: text(item.sku_id),
        name: text(item.name) || text(item.sku_id),
        size: text(item.size),
        color: text(item.color),
        image: text(item.image),
        unit_price_fils: unit,
        quantity,
        line_total_fils: total,
        vat_fils: Math.round((total * 5) / 105),
      };
    });
    const subtotal = lines.reduce((sum, l) => sum + l.line_total_fils, 0);
    const mode = price.payment_mode === "cod" ? "cod" : "online";
    await db
      .insertInto("orders")
      .values({
        id: row.id,
        order_number: `NA-${number}`,
        user_id: row.user_id,
        status: row.status,
        payment_status: mode === "cod" ? "unpaid" : "paid",
        payment_mode: mode,
        delivery_type: text(price.delivery_type) || "next day delivery",
        currency: text(price.currency_code) || "AED",
        subtotal_fils: subtotal,
        shipping_fils: 0,
        tax_fils: lines.reduce((sum, l) => sum + l.vat_fils, 0),
        total_fils: subtotal,
        ship_first_name: text(address.first_name),
        ship_last_name: text(address.last_name),
        ship_address: text(address.address),
        ship_landmark: text(address.landmark),
        ship_city: text(address.city),
        ship_state: text(address.state),
        ship_postcode: text(address.postcode),
        ship_country: text(address.country),
        ship_email: text(address.email),
        ship_phone: text(address.phone),
        needs_attention: false,
        attention_reason: null,
        hold_expires_at: null,
        placed_at: row.date || row.created_at,
        created_at: row.created_at,
        updated_at: row.created_at,
      })
      .execute();
    if (lines.length > 0) await db.insertInto("order_lines").values(lines).execute();
    await db
      .insertInto("order_events")
      .values({
        id: `${row.id}-migrated`,
        order_id: row.id,
        at: row.created_at,
        actor: "migration",
        from_status: null,
        to_status: row.status,
        note: "kept from the orders table of 2026-11-22-0003",
      })
      .execute();
  }
  await db.insertInto("counters").values({ name: "order_number", value: number }).execute();
  await db.schema.dropTable("orders_0003").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "sandbox_checkouts",
    "stock_holds",
    "order_events",
    "payments",
    "order_lines",
    "orders",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable("counters").execute();
}
