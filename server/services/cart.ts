import type { Kysely } from "kysely";
import {
  type CartData,
  type CartEntry,
  type CartQuote,
  mergeCartEntries,
  stockCap,
  toWishlistItem,
  type WishlistItem,
} from "#core/cart.ts";
import { quoteCart } from "#core/cart-quote.ts";
import type { ProductDto } from "#core/catalog.ts";
import { t } from "#core/i18n/index.ts";
import type { Locale } from "#core/locale.ts";
import type {
  CartAddInput,
  CartMergeInput,
  CartQuoteRequest,
  CartUpdateInput,
} from "#core/schemas/cart.schema.ts";
import { type StitchingChoice, stitchingKey } from "#core/stitching-key.ts";
import {
  deleteAllCartLines,
  deleteCartLine,
  deleteProductCartLines,
  findCartLineRow,
  insertCartLine,
  listCartLineRows,
  setCartLineQuantity,
} from "../db/repositories/cart.ts";
import { listProductsByIds } from "../db/repositories/products.ts";
import {
  deleteWishlistItem,
  insertWishlistItem,
  listWishlistProductIds,
} from "../db/repositories/wishlist.ts";
import type { CartLineTable, Database } from "../db/schema.ts";
import { DomainError } from "./errors.ts";
import { cartRowStitching, resolveStitchings } from "./stitched-lines.ts";

function toCartData(rows: readonly CartLineTable[]): CartData {
  const data: CartData = {};
  for (const row of rows) {
    data[row.product_id] ??= { quantity: 0, lines: [] };
    const entry = data[row.product_id]!;
    const quantity = Number(row.quantity);
    entry.quantity += quantity;
    const stitching = cartRowStitching(row);
    entry.lines.push({ size: row.size, color: row.color, quantity, ...(stitching ? { stitching } : {}) });
  }
  return data;
}

/**
 * The line an add or update names. Without a size a product with one size means that size; otherwise
 * the shopper has to choose (SPEC §5 'Please select a size'). An unknown product, size or colour is
 * refused before anything changes.
 */
export function resolveLine(
  product: ProductDto | undefined,
  input: { size?: string | undefined; color?: string | undefined; stitching?: StitchingChoice | undefined },
) {
  if (!product) throw new DomainError("not_found", "product_unavailable", t("cart.unavailable"));
  let variant = product.variants.find((v) => v.filter_value === input.size);
  if (!input.size) {
    if (product.variants.length !== 1)
      throw new DomainError("invalid", "size_required", t("toast.selectSize"));
    variant = product.variants[0];
  }
  if (!variant) throw new DomainError("invalid", "size_unknown", t("cart.sizeUnknown"));
  const color = input.color || product.colors[0] || "";
  if (product.colors.length > 0 && !product.colors.includes(color)) {
    throw new DomainError("invalid", "color_unknown", t("cart.colorUnknown"));
  }
  return {
    productId: product._id,
    size: variant.filter_value,
    color,
    stock: stockCap(variant.stock),
    ...(input.stitching ? { stitching: input.stitching } : {}),
  };
}

/** The server cart, the wishlist and the quote (SPEC §7 cart calls, issue 10). The user is the token's. */
export function createCartService(db: Kysely<Database>) {
  async function product(id: string): Promise<ProductDto | undefined> {
    return (await listProductsByIds(db, [id])).get(id);
  }

  async function cartData(userId: string): Promise<CartData> {
    return toCartData(await listCartLineRows(db, userId));
  }

  async function wishlist(userId: string): Promise<WishlistItem[]> {
    const ids = await listWishlistProductIds(db, userId);
    const products = await listProductsByIds(db, ids);
    return ids.flatMap((id) => {
      const found = products.get(id);
      return found ? [toWishlistItem(found)] : [];
    });
  }

  return {
    /**
     * POST /api/cart/quote: today's prices and stock of the lines, priced by the server; product names in
     * `locale` (issue 14).
     */
    async quote(request: CartQuoteRequest, locale: Locale = "en"): Promise<CartQuote> {
      const products = await listProductsByIds(
        db,
        request.lines.map((l) => l.productId),
        locale,
      );
      return quoteCart(request.lines, products);
    },

    cartData,

    /** POST /api/cart/add: adds to the line, refusing a total above the size's stock (SPEC §5). */
    async add(userId: string, input: CartAddInput): Promise<CartData> {
      const line = resolveLine(await product(input.itemId), input);
      // Issue 29: the style, the profile (hers only) and typed measurements are checked before it is kept.
      await resolveStitchings(db, userId, [line]);
      await db.transaction().execute(async (trx) => {
        const existing = await findCartLineRow(trx, userId, line);
        const wanted = Number(existing?.quantity ?? 0) + input.quantity;
        if (wanted > line.stock) {
          throw new DomainError("conflict", "out_of_stock", t("toast.stockLimitText", { n: line.stock }));
        }
        if (existing) await setCartLineQuantity(trx, userId, existing.id, wanted);
        else await insertCartLine(trx, userId, { ...line, quantity: wanted });
      });
      return cartData(userId);
    },

    /**
     * POST /api/cart/update: sets the line's quantity; 0 removes it (so Remove and Move to Wishlist reach
     * the server too). Without a size, quantity 0 removes every line of the product.
     */
    async update(userId: string, input: CartUpdateInput): Promise<CartData> {
      if (input.quantity === 0 && !input.size) {
        const removed = await deleteProductCartLines(db, userId, input.itemId);
        if (removed === 0 && !(await product(input.itemId)))
          throw new DomainError("not_found", "product_unavailable", t("cart.unavailable"));
        return cartData(userId);
      }
      const found = await product(input.itemId);
      if (input.quantity === 0 && !found) {
        // A product gone from the catalog can still leave the cart.
        const removed = await deleteProductCartLines(db, userId, input.itemId);
        if (removed === 0) throw new DomainError("not_found", "product_unavailable", t("cart.unavailable"));
        return cartData(userId);
      }
      const line = resolveLine(found, input);
      if (input.quantity > 0) await resolveStitchings(db, userId, [line]);
      if (input.quantity > line.stock) {
        throw new DomainError("conflict", "out_of_stock", t("toast.stockLimitText", { n: line.stock }));
      }
      await db.transaction().execute(async (trx) => {
        const existing = await findCartLineRow(trx, userId, line);
        if (input.quantity === 0) {
          if (existing) await deleteCartLine(trx, userId, existing.id);
        } else if (existing) await setCartLineQuantity(trx, userId, existing.id, input.quantity);
        else await insertCartLine(trx, userId, { ...line, quantity: input.quantity });
      });
      return cartData(userId);
    },

    /** SPEC §4 clearing empties everything. */
    async clear(userId: string): Promise<CartData> {
      await deleteAllCartLines(db, userId);
      return {};
    },

    /**
     * Log-in merge (decision 0004): the same line keeps the larger quantity, capped at the size's stock;
     * lines of products or sizes that no longer exist are dropped from the browser's side.
     */
    async merge(userId: string, input: CartMergeInput): Promise<CartData> {
      await db.transaction().execute(async (trx) => {
        const rows = await listCartLineRows(trx, userId);
        const server: CartEntry[] = rows.map((r) => {
          const stitching = cartRowStitching(r);
          return {
            productId: r.product_id,
            size: r.size,
            color: r.color,
            quantity: Number(r.quantity),
            ...(stitching ? { stitching } : {}),
          };
        });
        const local: CartEntry[] = input.lines.map((l) => ({
          productId: l.productId,
          size: l.size,
          color: l.color ?? "",
          quantity: l.quantity,
          ...(l.stitching ? { stitching: l.stitching } : {}),
        }));
        const products = await listProductsByIds(
          trx,
          [...server, ...local].map((e) => e.productId),
        );
        const merged = mergeCartEntries(local, server, (id, size) => {
          const variant = products.get(id)?.variants.find((v) => v.filter_value === size);
          return variant ? variant.stock : undefined;
        });
        const sameRow = (m: CartEntry, r: CartLineTable) =>
          m.productId === r.product_id &&
          m.size === r.size &&
          m.color === r.color &&
          stitchingKey(m.stitching) === (r.stitching_key ?? "");
        for (const row of rows) {
          const entry = merged.find((m) => sameRow(m, row));
          if (!entry) await deleteCartLine(trx, userId, row.id);
          else if (entry.quantity !== Number(row.quantity))
            await setCartLineQuantity(trx, userId, row.id, entry.quantity);
        }
        for (const entry of merged) {
          const exists = rows.some((r) => sameRow(entry, r));
          if (!exists) await insertCartLine(trx, userId, entry);
        }
      });
      return cartData(userId);
    },

    wishlist,

    /** Beyond SPEC: the wishlist kept on the server; no duplicates by _id (SPEC §3/§4). */
    async addToWishlist(userId: string, productId: string): Promise<WishlistItem[]> {
      if (!(await product(productId)))
        throw new DomainError("not_found", "product_unavailable", t("cart.unavailable"));
      const ids = await listWishlistProductIds(db, userId);
      if (ids.includes(productId))
        throw new DomainError("conflict", "already_in_wishlist", t("toast.alreadyInWishlist"));
      await insertWishlistItem(db, userId, productId, new Date().toISOString());
      return wishlist(userId);
    },

    async removeFromWishlist(userId: string, productId: string): Promise<WishlistItem[]> {
      if (!(await deleteWishlistItem(db, userId, productId))) {
        throw new DomainError("not_found", "not_in_wishlist", t("cart.notInWishlist"));
      }
      return wishlist(userId);
    },

    /** Log-in merge: the browser's saved products join the account's (known products only). */
    async mergeWishlist(userId: string, productIds: readonly string[]): Promise<WishlistItem[]> {
      await db.transaction().execute(async (trx) => {
        const have = new Set(await listWishlistProductIds(trx, userId));
        const known = await listProductsByIds(trx, productIds);
        let at = Date.now();
        for (const id of new Set(productIds)) {
          if (have.has(id) || !known.has(id)) continue;
          // Distinct times keep the browser's order.
          await insertWishlistItem(trx, userId, id, new Date(at++).toISOString());
        }
      });
      return wishlist(userId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
