import type { FastifyInstance } from "fastify";
import { WishlistAnswerSchema } from "#core/schemas/answers.ts";
import { WishlistMergeSchema, WishlistProductSchema } from "#core/schemas/cart.schema.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import { type ApiTypeProvider, signedInSchema } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

const wishlistTags = ["wishlist"];

/** SPEC §7 the server wishlist (issue 10): the token's user's own, whatever a body says. */
export default async function wishlistRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const { cart } = services;
  await base.register(async (scope) => {
    const guarded = scope.withTypeProvider<ApiTypeProvider>();
    requireUser(guarded, services);
    noStore(guarded);

    guarded.get(
      "/wishlist",
      { schema: signedInSchema("The shopper's wishlist", wishlistTags, WishlistAnswerSchema) },
      async (request) => ({
        success: true,
        wishlist: await cart.wishlist(currentUser(request).id),
      }),
    );

    guarded.post(
      "/wishlist/add",
      {
        schema: {
          ...signedInSchema(
            "Add a product to the wishlist",
            wishlistTags,
            WishlistAnswerSchema,
            true,
            [404, 409],
          ),
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
          ...signedInSchema(
            "Remove a product from the wishlist",
            wishlistTags,
            WishlistAnswerSchema,
            true,
            [404],
          ),
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
          ...signedInSchema(
            "Merge the browser's wishlist after sign-in",
            wishlistTags,
            WishlistAnswerSchema,
            true,
          ),
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
