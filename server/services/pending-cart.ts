import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { t } from "#core/i18n/index.ts";
import {
  decodePending,
  emptyPending,
  encodePending,
  PENDING_MAX_LINES,
  PENDING_MAX_WISHES,
  type Pending,
  pendingCookieValue,
} from "#core/pending-cookie.ts";
import type { CartAddInput } from "#core/schemas/cart.schema.ts";
import { appSecret } from "../auth/secret.ts";
import { listProductsByIds } from "../db/repositories/products.ts";
import type { Database } from "../db/schema.ts";
import { resolveLine } from "./cart.ts";
import { DomainError } from "./errors.ts";

/**
 * A visitor's cart lines and wishes posted without JavaScript (docs/decisions/0033-cart-and-taps-before-
 * javascript.md), kept in a cookie signed with the app secret until her first hydrated page takes them
 * into localStorage. The checks are the cart API's: the same line resolution (product, size, colour) and
 * stock rule as `POST /api/cart/add`, counted against what the cookie already holds.
 */
export function createPendingCart(db: Kysely<Database>, configured: string | undefined) {
  let key: Promise<Buffer> | undefined;
  function signingKey(): Promise<Buffer> {
    key ??= appSecret(db, configured).then((secret) =>
      createHmac("sha256", secret).update("pending-cart-cookie").digest(),
    );
    key.catch(() => {
      key = undefined;
    });
    return key;
  }

  async function signature(payload: string): Promise<Buffer> {
    return createHmac("sha256", await signingKey())
      .update(payload)
      .digest();
  }

  return {
    /** The cookie's lines and wishes when its signature is the server's; null when absent, changed or unreadable. */
    async read(cookieHeader: string | null | undefined): Promise<Pending | null> {
      const value = pendingCookieValue(cookieHeader);
      if (!value || value.length > 3800) return null;
      const [payload, sent, extra] = value.split(".");
      if (!payload || !sent || extra !== undefined) return null;
      const expected = await signature(payload);
      const given = Buffer.from(sent, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return decodePending(payload);
    },

    /** The cookie's value for `pending`: payload and signature. */
    async value(pending: Pending): Promise<string> {
      const payload = encodePending(pending);
      return `${payload}.${(await signature(payload)).toString("base64url")}`;
    },

    /**
     * `pending` with the line added, refused as `POST /api/cart/add` refuses it: an unknown product, size or
     * colour, or a total above the size's stock (409, SPEC's "Only {n} in stock for selected size").
     */
    async addLine(pending: Pending, input: CartAddInput): Promise<Pending> {
      const product = (await listProductsByIds(db, [input.itemId])).get(input.itemId);
      const line = resolveLine(product, input);
      const at = pending.lines.findIndex(
        ([id, size, color]) => id === line.productId && size === line.size && color === line.color,
      );
      const wanted = (pending.lines[at]?.[3] ?? 0) + input.quantity;
      if (wanted > line.stock) {
        throw new DomainError("conflict", "out_of_stock", t("toast.stockLimitText", { n: line.stock }));
      }
      if (at < 0 && pending.lines.length >= PENDING_MAX_LINES) {
        throw new DomainError("invalid", "validation", t("cart.pendingFull"));
      }
      const lines = pending.lines.slice();
      if (at < 0) lines.push([line.productId, line.size, line.color, wanted]);
      else lines[at] = [line.productId, line.size, line.color, wanted];
      return { ...pending, lines };
    },

    /** `pending` with the product wished for (once; SPEC §4 keeps no duplicates); an unknown product is refused. */
    async addWish(pending: Pending, productId: string, size: string): Promise<Pending> {
      const product = (await listProductsByIds(db, [productId])).get(productId);
      if (!product) throw new DomainError("not_found", "product_unavailable", t("cart.unavailable"));
      if (pending.wishes.some(([id]) => id === productId)) return pending;
      if (pending.wishes.length >= PENDING_MAX_WISHES) {
        throw new DomainError("invalid", "validation", t("cart.pendingFull"));
      }
      const known = product.variants.some((v) => v.filter_value === size);
      return {
        ...pending,
        wishes: [...pending.wishes, [productId, known ? size : (product.variants[0]?.filter_value ?? "")]],
      };
    },

    empty: emptyPending,
  };
}

export type PendingCart = ReturnType<typeof createPendingCart>;
