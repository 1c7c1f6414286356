import type { FastifyInstance } from "fastify";
import { IdParamsSchema } from "#core/admin.ts";
import { AlterationQuerySchema } from "#core/schemas/answers.ts";
import {
  AdminRequestQuotesAnswerSchema,
  AlterationAnswerSchema,
  AlterationListAnswerSchema,
  AlterationStepSchema,
  QuoteAnswerSchema,
  QuoteCreateSchema,
} from "#core/schemas/quotes.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, auditAs, principal } from "./shared.ts";

/**
 * Quotes on stitching requests and alterations in the back office (issue 29, part 4; decision 0043):
 * staff and the owner, as the inbox and returns are.
 */
export default async function quoteRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const common = { tags: adminTags, security: adminSession };

  app.get(
    "/inbox/stitching/:id/quotes",
    {
      schema: {
        ...common,
        operationId: "adminRequestQuotes",
        summary: "A stitching request's quotes, oldest first",
        params: IdParamsSchema,
        response: { 200: AdminRequestQuotesAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await services.quotes.ofRequest(request.params.id)),
    }),
  );

  app.post(
    "/inbox/stitching/:id/quote",
    {
      schema: {
        ...common,
        operationId: "adminCreateQuote",
        summary: "Answer a stitching request sent signed in with a priced quote (mailed to the shopper)",
        params: IdParamsSchema,
        body: QuoteCreateSchema,
        response: { 200: QuoteAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      quote: await services.quotes.create(
        request.params.id,
        request.body,
        principal(request).user,
        auditAs(request),
      ),
    }),
  );

  app.post(
    "/quotes/:id/withdraw",
    {
      schema: {
        ...common,
        operationId: "adminWithdrawQuote",
        summary: "Withdraw an open quote",
        params: IdParamsSchema,
        response: { 200: QuoteAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      quote: await services.quotes.withdraw(request.params.id, auditAs(request)),
    }),
  );

  app.get(
    "/alterations",
    {
      schema: {
        ...common,
        operationId: "adminAlterations",
        summary: "Alteration requests, newest first, by status",
        querystring: AlterationQuerySchema,
        response: { 200: AlterationListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => ({
      success: true as const,
      alterations: await services.alterations.list(request.query.status),
    }),
  );

  app.post(
    "/alterations/:id/step",
    {
      schema: {
        ...common,
        operationId: "adminAlterationStep",
        summary: "Move an alteration to its next step (accepted or refused, in progress, ready, returned)",
        params: IdParamsSchema,
        body: AlterationStepSchema,
        response: { 200: AlterationAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => {
      const alteration = await services.alterations.step(request.params.id, request.body, auditAs(request));
      return {
        success: true as const,
        message: `${alteration.number} is ${alteration.status.replace("_", " ")}`,
        alteration,
      };
    },
  );
}
