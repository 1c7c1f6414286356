import type { FastifyInstance } from "fastify";
import { CartAnswerSchema, CartQuoteAnswerSchema, CartQuoteQuerySchema } from "#core/schemas/answers.ts";
import { CartAddSchema, CartMergeSchema, CartUpdateSchema } from "#core/schemas/cart.schema.ts";
import { PromoQuoteRequestSchema } from "#core/schemas/promotions.ts";
import { currentUser, noStore, optionalUser, requireUser } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, signedInSchema } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

const cartTags = ["cart"];

/**
 * SPEC §7 cart calls (issue 10). The quote is open to visitors (it reveals only public prices and
 * stock); everything else is the token's user's own, whatever a body says.
 */
export default async function cartRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { cart } = services;

  app.post(
    "/cart/quote",
    {
      schema: {
        summary: "Price the given lines with today's prices and stock",
        description:
          "`lang=ar` names the products in Arabic (English where a name is missing) and words a refused code's message in Arabic. A `code` is priced by the server (issue 28); a signed-in shopper's token lets her own per-customer limit count. Code attempts are rate-limited per client and per account (429).",
        tags: cartTags,
        querystring: CartQuoteQuerySchema,
        body: PromoQuoteRequestSchema,
        response: { 200: CartQuoteAnswerSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const user = await optionalUser(request, services);
      const quote = await services.promotions.quote(request.body, {
        locale: request.query.lang ?? "en",
        ip: request.ip,
        userId: user?.id ?? null,
      });
      return reply.header("cache-control", "no-store").send(quote);
    },
  );

  await app.register(async (scope) => {
    const guarded = scope.withTypeProvider<ApiTypeProvider>();
    requireUser(guarded, services);
    noStore(guarded);

    guarded.post(
      "/cart/get",
      { schema: signedInSchema("The shopper's server cart", cartTags, CartAnswerSchema) },
      async (request) => ({
        success: true,
        cartData: await cart.cartData(currentUser(request).id),
      }),
    );

    guarded.post(
      "/cart/add",
      {
        schema: {
          ...signedInSchema("Add a line (or more of it)", cartTags, CartAnswerSchema, true, [404, 409]),
          body: CartAddSchema,
        },
      },
      async (request) => ({ success: true, cartData: await cart.add(currentUser(request).id, request.body) }),
    );

    guarded.post(
      "/cart/update",
      {
        schema: {
          ...signedInSchema(
            "Set a line's quantity (0 removes it)",
            cartTags,
            CartAnswerSchema,
            true,
            [404, 409],
          ),
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
      { schema: signedInSchema("Empty the server cart", cartTags, CartAnswerSchema) },
      async (request) => ({
        success: true,
        cartData: await cart.clear(currentUser(request).id),
      }),
    );

    guarded.post(
      "/cart/merge",
      {
        schema: {
          ...signedInSchema(
            "Merge the browser's cart into the server cart after sign-in",
            cartTags,
            CartAnswerSchema,
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
  });
}
