import type { FastifyInstance } from "fastify";
import {
  CartAddSchema,
  CartMergeSchema,
  CartQuoteRequestSchema,
  CartUpdateSchema,
  WishlistMergeSchema,
  WishlistProductSchema,
} from "#core/schemas/cart.schema.ts";
import { parseInput } from "../../http-errors.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import type { Services } from "../../services/index.ts";

/**
 * SPEC §7 cart calls and the server wishlist (issue 10). The quote is open to visitors (it reveals only
 * public prices and stock); everything else is the token's user's own, whatever a body says.
 */
export default async function cartRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { cart } = services;

  app.post("/cart/quote", async (request, reply) => {
    const quote = await cart.quote(parseInput(CartQuoteRequestSchema, request.body));
    return reply.header("cache-control", "no-store").send(quote);
  });

  await app.register(async (guarded) => {
    requireUser(guarded, services);
    noStore(guarded);

    guarded.post("/cart/get", async (request) => ({
      success: true,
      cartData: await cart.cartData(currentUser(request).id),
    }));

    guarded.post("/cart/add", async (request) => {
      const input = parseInput(CartAddSchema, request.body);
      return { success: true, cartData: await cart.add(currentUser(request).id, input) };
    });

    guarded.post("/cart/update", async (request) => {
      const input = parseInput(CartUpdateSchema, request.body);
      return { success: true, cartData: await cart.update(currentUser(request).id, input) };
    });

    guarded.post("/cart/clear", async (request) => ({
      success: true,
      cartData: await cart.clear(currentUser(request).id),
    }));

    guarded.post("/cart/merge", async (request) => {
      const input = parseInput(CartMergeSchema, request.body);
      return { success: true, cartData: await cart.merge(currentUser(request).id, input) };
    });

    guarded.get("/wishlist", async (request) => ({
      success: true,
      wishlist: await cart.wishlist(currentUser(request).id),
    }));

    guarded.post("/wishlist/add", async (request) => {
      const { productId } = parseInput(WishlistProductSchema, request.body);
      return { success: true, wishlist: await cart.addToWishlist(currentUser(request).id, productId) };
    });

    guarded.post("/wishlist/remove", async (request) => {
      const { productId } = parseInput(WishlistProductSchema, request.body);
      return { success: true, wishlist: await cart.removeFromWishlist(currentUser(request).id, productId) };
    });

    guarded.post("/wishlist/merge", async (request) => {
      const { productIds } = parseInput(WishlistMergeSchema, request.body);
      return { success: true, wishlist: await cart.mergeWishlist(currentUser(request).id, productIds) };
    });
  });
}
