import "./zod-setup.ts";
import { z } from "zod";
import { type MessageKey, t } from "#core/i18n/index.ts";
import { StitchingChoiceSchema } from "./stitched-line.ts";

/**
 * The cart and wishlist calls (SPEC §7, issue 10): one schema per body, used by the server to check what
 * arrives and by tests. Messages are whole sentences a screen can show (core/i18n/en-cart.ts).
 * A `userId` in any body is not part of these shapes and is dropped: the user is the token's user.
 */

const say = (key: MessageKey) => ({ error: () => t(key) });
const body = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, say("field.body"));

/** The most lines one cart may hold in a quote or a merge. */
export const CART_LINES_MAX = 100;
/** Larger than any stock the shop keeps (the untracked cap is 9999), so stock answers, not this. */
const QUANTITY_MAX = 1_000_000;

const productId = z
  .string(say("cart.productRequired"))
  .trim()
  .min(1, say("cart.productRequired"))
  .max(64, say("cart.unavailable"));
/** A size label as the variants name it ('M/54'); absent means "the product's only size". */
const size = z.string(say("cart.sizeUnknown")).trim().max(40, say("cart.sizeUnknown"));
const color = z.string(say("cart.colorUnknown")).trim().max(60, say("cart.colorUnknown"));
const addQuantity = z
  .number(say("cart.addQuantity"))
  .int(say("cart.addQuantity"))
  .min(1, say("cart.addQuantity"))
  .max(QUANTITY_MAX, say("cart.addQuantity"));
const setQuantity = z
  .number(say("cart.updateQuantity"))
  .int(say("cart.updateQuantity"))
  .min(0, say("cart.updateQuantity"))
  .max(QUANTITY_MAX, say("cart.updateQuantity"));

export const CartQuoteRequestLineSchema = z.object(
  {
    productId,
    size,
    color: color.optional(),
    quantity: addQuantity,
    stitching: StitchingChoiceSchema.optional(),
  },
  say("field.body"),
);

/** POST /api/cart/quote: { lines: CartQuoteRequestLine[] } (1..100 lines). */
export const CartQuoteRequestSchema = body({
  lines: z
    .array(CartQuoteRequestLineSchema, say("cart.linesRange"))
    .min(1, say("cart.linesRange"))
    .max(CART_LINES_MAX, say("cart.linesRange")),
});
export type CartQuoteRequest = z.output<typeof CartQuoteRequestSchema>;

/** POST /api/cart/add: SPEC's itemId (the product id) and quantity, plus the size and colour of the line. */
export const CartAddSchema = body({
  itemId: productId,
  quantity: addQuantity,
  size: size.optional(),
  color: color.optional(),
  /** Issue 29: 'Stitch it for me' (decision 0042). */
  stitching: StitchingChoiceSchema.optional(),
});
export type CartAddInput = z.output<typeof CartAddSchema>;

/** POST /api/cart/update: sets the line's quantity; 0 removes it. */
export const CartUpdateSchema = body({
  itemId: productId,
  quantity: setQuantity,
  size: size.optional(),
  color: color.optional(),
  stitching: StitchingChoiceSchema.optional(),
});
export type CartUpdateInput = z.output<typeof CartUpdateSchema>;

/** POST /api/cart/merge: the browser's lines at log-in (0..100; an empty cart merges nothing). */
export const CartMergeSchema = body({
  lines: z
    .array(CartQuoteRequestLineSchema, say("cart.linesRange"))
    .max(CART_LINES_MAX, say("cart.linesRange")),
});
export type CartMergeInput = z.output<typeof CartMergeSchema>;

/** POST /api/wishlist/add and /api/wishlist/remove. */
export const WishlistProductSchema = body({ productId });

/** POST /api/wishlist/merge: the browser's wishlist at log-in. */
export const WishlistMergeSchema = body({
  productIds: z.array(productId, say("cart.productRequired")).max(CART_LINES_MAX, say("cart.linesRange")),
});
