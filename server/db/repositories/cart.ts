import type { Kysely, Transaction } from "kysely";
import type { CartEntry } from "#core/cart.ts";
import { stitchingKey } from "#core/stitching-key.ts";
import { newId } from "../../ids.ts";
import { preparedPerShape } from "../prepared.ts";
import type { CartLineTable, Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A shopper's server cart, oldest line first (the order the lines were added in). */
export async function listCartLineRows(db: Db, userId: string): Promise<CartLineTable[]> {
  return db
    .selectFrom("cart_lines")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function findCartLineRow(
  db: Db,
  userId: string,
  line: Omit<CartEntry, "quantity">,
): Promise<CartLineTable | undefined> {
  return db
    .selectFrom("cart_lines")
    .selectAll()
    .where("user_id", "=", userId)
    .where("product_id", "=", line.productId)
    .where("size", "=", line.size)
    .where("color", "=", line.color)
    .where("stitching_key", "=", stitchingKey(line.stitching))
    .executeTakeFirst();
}

export async function insertCartLine(db: Db, userId: string, line: CartEntry): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("cart_lines")
    .values({
      id: newId(),
      user_id: userId,
      product_id: line.productId,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      created_at: now,
      updated_at: now,
      // Issue 29 (migration 0025): the line's stitching service, part of its name.
      stitching: line.stitching ? JSON.stringify(line.stitching) : null,
      stitching_key: stitchingKey(line.stitching),
    })
    // Two requests adding the same new line at once: the later one sets the quantity, never a 500.
    .onConflict((oc) =>
      oc
        .columns(["user_id", "product_id", "size", "color", "stitching_key"])
        .doUpdateSet({ quantity: line.quantity, updated_at: now }),
    )
    .execute();
}

export async function setCartLineQuantity(db: Db, userId: string, id: string, quantity: number) {
  await db
    .updateTable("cart_lines")
    .set({ quantity, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .execute();
}

export async function deleteCartLine(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom("cart_lines").where("id", "=", id).where("user_id", "=", userId).execute();
}

/** Removes every line of one product (an update without a size, quantity 0); returns how many went. */
export async function deleteProductCartLines(db: Db, userId: string, productId: string): Promise<number> {
  const result = await db
    .deleteFrom("cart_lines")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAllCartLines(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("cart_lines").where("user_id", "=", userId).execute();
}

/**
 * Issue 11: once an order is placed, its lines (product, size and colour) leave the shopper's server cart,
 * so a later log-in merge does not bring bought items back. Other lines stay. Issue 29: a ready-made line
 * takes only the ready-made cart line of its product, size and colour, and a stitched line (its
 * `stitching` snapshot set) only the stitched ones, so buying one never empties the other from her cart.
 */
export async function deleteOrderedCartLines(
  db: Db,
  userId: string,
  lines: readonly { product_id: string; size: string; color: string; stitching?: string | null }[],
): Promise<void> {
  if (lines.length === 0) return;
  const values: Record<string, string> = { userId };
  lines.forEach((line, i) => {
    values[`product${i}`] = line.product_id;
    values[`size${i}`] = line.size;
    values[`color${i}`] = line.color;
  });
  await deleteLines(lines.map((line) => (line.stitching ? "s" : "r")).join(""), db, values);
}

// Runs with every placed order: prepared per shape, one letter a line (r ready-made, s stitched).
const deleteLines = preparedPerShape((shape: string, db, v: Record<string, string>) =>
  db
    .deleteFrom("cart_lines")
    .where("user_id", "=", v.userId!)
    .where((eb) =>
      eb.or(
        Array.from(shape, (kind, i) =>
          eb.and([
            eb("product_id", "=", v[`product${i}`]!),
            eb("size", "=", v[`size${i}`]!),
            eb("color", "=", v[`color${i}`]!),
            kind === "s" ? eb("stitching_key", "<>", "") : eb("stitching_key", "=", ""),
          ]),
        ),
      ),
    ),
);
