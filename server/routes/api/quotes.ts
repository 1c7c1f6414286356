import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  AlterationAnswerSchema,
  AlterationCreateSchema,
  QuoteAcceptAnswerSchema,
  QuoteAcceptSchema,
  QuoteListAnswerSchema,
  ShopperAlterationsAnswerSchema,
} from "#core/schemas/quotes.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, signedIn } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * The shopper's stitching quotes and alterations (issue 29, part 4; decision 0043). Only her own: another
 * shopper's quote or order is a 404.
 */
export default async function quoteRoutes(base: FastifyInstance, { services }: { services: Services }) {
  await base.register(async (scope) => {
    const app = scope.withTypeProvider<ApiTypeProvider>();
    requireUser(app, services);
    noStore(app);

    app.get(
      "/stitching/quotes",
      {
        schema: {
          operationId: "stitchingQuotes",
          summary: "The quotes the shop sent on the shopper's stitching requests, newest first",
          tags: ["request"],
          security: signedIn,
          response: { 200: QuoteListAnswerSchema, ...errors(401) },
        },
      },
      async (request) => ({
        success: true as const,
        quotes: await services.quotes.ofUser(currentUser(request).id),
      }),
    );

    app.post(
      "/stitching/quotes/:id/accept",
      {
        schema: {
          operationId: "stitchingQuoteAccept",
          summary: "Accept a quote: an order priced from it, paid online (Paymennt) or on delivery",
          description:
            "Accepting again answers with the same order. 409 quote_expired, quote_withdrawn; 400 cod_unavailable; 403 card_payments_unavailable; 502 payment_unavailable.",
          tags: ["request"],
          security: signedIn,
          params: IdParamsSchema,
          body: QuoteAcceptSchema,
          response: { 200: QuoteAcceptAnswerSchema, ...errors(400, 401, 403, 404, 409, 502, 503) },
        },
        preValidation: async (request) => {
          const method = (request.body as { method?: unknown } | undefined)?.method;
          if (method === "online") services.orders.assertCardPayments(request);
        },
      },
      async (request) => services.quotes.accept(currentUser(request), request.params.id, request.body),
    );

    app.get(
      "/order/:id/alterations",
      {
        schema: {
          operationId: "orderAlterations",
          summary: "An order's alteration window, its made-to-measure lines and its alteration requests",
          tags: ["order"],
          security: signedIn,
          params: IdParamsSchema,
          response: { 200: ShopperAlterationsAnswerSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await services.alterations.shopperView(currentUser(request).id, request.params.id)),
      }),
    );

    app.post(
      "/order/:id/alterations",
      {
        schema: {
          operationId: "orderRequestAlteration",
          summary: "Ask for a free alteration of a made-to-measure line within the window after delivery",
          description:
            "409 alteration_window_closed (not delivered, or the window passed), not_made_to_measure, invalid_transition (one already under way).",
          tags: ["order"],
          security: signedIn,
          params: IdParamsSchema,
          body: AlterationCreateSchema,
          response: { 200: AlterationAnswerSchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const alteration = await services.alterations.request(
          currentUser(request).id,
          request.params.id,
          request.body,
        );
        return {
          success: true as const,
          message: `We received your alteration request ${alteration.number}`,
          alteration,
        };
      },
    );
  });
}
