import type { Kysely } from "kysely";
import { insertOrder } from "../db/repositories/orders.ts";
import type { Database, OrderTable } from "../db/schema.ts";
import { newId } from "../ids.ts";

let counter = 900_000;

/**
 * A placed (or, with `placedAt: null`, pending) order of one line written straight into the tables, for
 * tests about reading orders. Orders made through the API are tested in server/orders.test.ts.
 */
export async function insertTestOrder(
  db: Kysely<Database>,
  options: { userId: string; at: string; status: string; placedAt?: string | null; productId?: string },
): Promise<OrderTable> {
  counter += 1;
  const id = newId();
  const order: OrderTable = {
    id,
    order_number: `NA-${counter}`,
    user_id: options.userId,
    status: options.status,
    payment_status: options.placedAt === null ? "pending" : "paid",
    payment_mode: "online",
    delivery_type: "next day delivery",
    currency: "AED",
    subtotal_fils: 90_000,
    shipping_fils: 0,
    tax_fils: 4_286,
    total_fils: 90_000,
    ship_first_name: "Amal",
    ship_last_name: "",
    ship_address: "Villa 3",
    ship_landmark: "",
    ship_city: "Dubai",
    ship_state: "Dubai",
    ship_postcode: "00000",
    ship_country: "UAE",
    ship_email: "",
    ship_phone: "+971501234567",
    needs_attention: false,
    attention_reason: null,
    hold_expires_at: null,
    language: "en",
    placed_at: options.placedAt === undefined ? options.at : options.placedAt,
    created_at: options.at,
    updated_at: options.at,
  };
  await insertOrder(db, order, [
    {
      id: newId(),
      order_id: id,
      position: 0,
      product_id: options.productId ?? "product-1",
      variant_id: null,
      sku: "SKU-1",
      name: "Test abaya",
      name_ar: null,
      size: "M/54",
      color: "Black",
      image: "/media/x.webp",
      unit_price_fils: 45_000,
      quantity: 2,
      line_total_fils: 90_000,
      vat_fils: 4_286,
    },
  ]);
  return order;
}
