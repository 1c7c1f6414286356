import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { dubaiDayRange, dubaiLocalTime } from "#core/schemas/admin/dubai-days.ts";
import {
  exportOrderLines,
  exportOrderPage,
  exportVariantPage,
  type OrderCursor,
} from "../db/repositories/admin-exports.ts";
import type { Database } from "../db/schema.ts";
import { csvRow, csvStream, fils } from "./csv.ts";

/** Rows read from the database at a time: an export of a year holds one page in memory, never the year. */
export const EXPORT_PAGE = 200;

export const ORDER_COLUMNS = [
  "Order number",
  "Placed (Dubai)",
  "Status",
  "Payment method",
  "Payment status",
  "Document number",
  "Customer",
  "Phone",
  "E-mail",
  "City",
  "Courier",
  "Tracking number",
  "SKU",
  "Product",
  "Product (Arabic)",
  "Size",
  "Colour",
  "Quantity",
  "Unit price (AED)",
  "Net (AED)",
  "VAT (AED)",
  "Gross (AED)",
] as const;

export const PRODUCT_COLUMNS = [
  "Product",
  "Product (Arabic)",
  "State",
  "Category",
  "SKU",
  "Size",
  "Price (AED)",
  "Discount (%)",
  "Stock",
  "Held",
  "Available",
] as const;

/**
 * The back office's CSV files (issue 26; decision 0026): orders of a date range, one row per line, for the
 * accountant's VAT return and the courier; and every size of every product with its stock. Both are read
 * page by page and written as they are read.
 */
export function createAdminExports(options: { db: Kysely<Database> }) {
  const { db } = options;

  async function* orderRows(from: string, to: string): AsyncGenerator<string> {
    const { start, end } = dubaiDayRange(from, to);
    if (!start || !end) return;
    let after: OrderCursor | undefined;
    for (;;) {
      const orders = await exportOrderPage(db, { start, end }, after, EXPORT_PAGE);
      if (orders.length === 0) return;
      const lines = await exportOrderLines(
        db,
        orders.map((o) => o.id),
      );
      const byOrder = new Map<string, typeof lines>();
      for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
      let chunk = "";
      for (const order of orders) {
        for (const line of byOrder.get(order.id) ?? []) {
          const gross = Number(line.line_total_fils);
          const vat = Number(line.vat_fils);
          chunk += csvRow([
            order.order_number,
            dubaiLocalTime(order.placed_at ?? ""),
            order.status,
            order.payment_mode === "cod" ? "Cash on delivery" : "Online",
            order.payment_status,
            order.document_number ?? "",
            `${order.ship_first_name} ${order.ship_last_name}`.trim(),
            order.ship_phone,
            order.ship_email,
            order.ship_city,
            order.courier ?? "",
            order.tracking_number ?? "",
            line.sku,
            line.name,
            line.name_ar ?? "",
            line.size,
            line.color,
            { number: String(line.quantity) },
            { number: fils(Number(line.unit_price_fils)) },
            { number: fils(gross - vat) },
            { number: fils(vat) },
            { number: fils(gross) },
          ]);
        }
      }
      yield chunk;
      const last = orders[orders.length - 1];
      if (!last || orders.length < EXPORT_PAGE) return;
      after = { placedAt: last.placed_at ?? "", id: last.id };
    }
  }

  async function* productRows(): AsyncGenerator<string> {
    let after: { name: string; productId: string; position: number } | undefined;
    for (;;) {
      const rows = await exportVariantPage(db, after, EXPORT_PAGE);
      if (rows.length === 0) return;
      let chunk = "";
      for (const r of rows) {
        const stock = r.stock === null ? null : Number(r.stock);
        const held = Number(r.held_quantity);
        chunk += csvRow([
          r.name,
          r.name_ar ?? "",
          r.archived_at ? "Archived" : r.draft ? "Draft" : "Published",
          r.category_slug,
          r.sku,
          r.size,
          { number: fils(Number(r.retail_price_fils)) },
          { number: String(Number(r.discount_percent)) },
          // An untracked size has no count: its cells stay empty.
          { number: stock === null ? "" : String(stock) },
          { number: String(held) },
          { number: stock === null ? "" : String(Math.max(0, stock - held)) },
        ]);
      }
      yield chunk;
      const last = rows[rows.length - 1];
      if (!last || rows.length < EXPORT_PAGE) return;
      after = { name: last.name, productId: last.product_id, position: Number(last.position) };
    }
  }

  return {
    /** Orders placed on the Dubai days `from`..`to` (inclusive), test orders left out. */
    orders(from: string, to: string): Readable {
      return csvStream(ORDER_COLUMNS, orderRows(from, to));
    },
    /** Every size of every product (drafts and archived ones too, with their state) and its stock. */
    products(): Readable {
      return csvStream(PRODUCT_COLUMNS, productRows());
    },
  };
}
