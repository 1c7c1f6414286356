import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CartDataSchema, ok, WishlistSchema } from "#core/schemas/api.schema.ts";
import {
  CartAddSchema,
  CartMergeSchema,
  CartQuoteRequestSchema,
  CartUpdateSchema,
  WishlistMergeSchema,
  WishlistProductSchema,
} from "#core/schemas/cart.schema.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, signedIn } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

const cartTags = ["cart"];
const wishlistTags = ["wishlist"];
const cartAnswer = ok({ cartData: CartDataSchema }, "The shopper's server cart after the call");
const wishlistAnswer = ok({ wishlist: WishlistSchema }, "The shopper's wishlist after the call");
const quoteAnswer = ok(
  {
    lines: z.array(z.object({}).loose().describe("CartQuoteLine (core/cart.ts)")),
    subtotalFils: z.number(),
    shippingFils: z.number(),
    totalFils: z.number(),
    itemCount: z.number(),
    canCheckout: z.boolean(),
  },
  "CartQuote (core/cart.ts): today's prices and stock for each line",
);

/**
 * SPEC §7 cart calls and the server wishlist (issue 10). The quote is open to visitors (it reveals only
 * public prices and stock); everything else is the token's user's own, whatever a body says.
 */
export default async function cartRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { cart } = services;

  app.post(
    "/cart/quote",
    {
      schema: {
        summary: "Price the given lines with today's prices and stock",
        tags: cartTags,
        body: CartQuoteRequestSchema,
        response: { 200: quoteAnswer, ...errors(400) },
      },
    },
    async (request, reply) => {
      const quote = await cart.quote(request.body);
      return reply.header("cache-control", "no-store").send(quote);
    },
  );

  await app.register(async (scope) => {
    const guarded = scope.withTypeProvider<ApiTypeProvider>();
    requireUser(guarded, services);
    noStore(guarded);
    // A call with a body can also be refused for it (400); the route adds its body schema itself.
    const schema = (summary: string, tags: string[], response: z.ZodType, withBody = false) => ({
      summary,
      tags,
      security: signedIn,
      response: { 200: response, ...errors(...(withBody ? [400, 401] : [401])) },
    });

    guarded.post(
      "/cart/get",
      { schema: schema("The shopper's server cart", cartTags, cartAnswer) },
      async (request) => ({
        success: true,
        cartData: await cart.cartData(currentUser(request).id),
      }),
    );

    guarded.post(
      "/cart/add",
      {
        schema: { ...schema("Add a line (or more of it)", cartTags, cartAnswer, true), body: CartAddSchema },
      },
      async (request) => ({ success: true, cartData: await cart.add(currentUser(request).id, request.body) }),
    );

    guarded.post(
      "/cart/update",
      {
        schema: {
          ...schema("Set a line's quantity (0 removes it)", cartTags, cartAnswer, true),
          body: CartUpdateSchema,
        },
      },
      async (request) => ({
        success: true,
        cartData: await cart.update(currentUser(request).id, request.body),
      }),
    );

    guarded.post(
      "/cart/clear",
      { schema: schema("Empty the server cart", cartTags, cartAnswer) },
      async (request) => ({
        success: true,
        cartData: await cart.clear(currentUser(request).id),
      }),
    );

    guarded.post(
      "/cart/merge",
      {
        schema: {
          ...schema(
            "Merge the browser's cart into the server cart after sign-in",
            cartTags,
            cartAnswer,
            true,
          ),
          body: CartMergeSchema,
        },
      },
      async (request) => ({
        success: true,
        cartData: await cart.merge(currentUser(request).id, request.body),
      }),
    );

    guarded.get(
      "/wishlist",
      { schema: schema("The shopper's wishlist", wishlistTags, wishlistAnswer) },
      async (request) => ({
        success: true,
        wishlist: await cart.wishlist(currentUser(request).id),
      }),
    );

    guarded.post(
      "/wishlist/add",
      {
        schema: {
          ...schema("Add a product to the wishlist", wishlistTags, wishlistAnswer, true),
          body: WishlistProductSchema,
        },
      },
      async (request) => ({
        success: true,
        wishlist: await cart.addToWishlist(currentUser(request).id, request.body.productId),
      }),
    );

    guarded.post(
      "/wishlist/remove",
      {
        schema: {
          ...schema("Remove a product from the wishlist", wishlistTags, wishlistAnswer, true),
          body: WishlistProductSchema,
        },
      },
      async (request) => ({
        success: true,
        wishlist: await cart.removeFromWishlist(currentUser(request).id, request.body.productId),
      }),
    );

    guarded.post(
      "/wishlist/merge",
      {
        schema: {
          ...schema("Merge the browser's wishlist after sign-in", wishlistTags, wishlistAnswer, true),
          body: WishlistMergeSchema,
        },
      },
      async (request) => ({
        success: true,
        wishlist: await cart.mergeWishlist(currentUser(request).id, request.body.productIds),
      }),
    );
  });
}
