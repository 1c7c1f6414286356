import type { FastifyInstance } from "fastify";
import { StitchingRequestSchema } from "#core/schemas/stitching.schema.ts";
import { StitchingStylesAnswerSchema, StitchingStylesQuerySchema } from "#core/schemas/stitching-styles.ts";
import { errors, tokenOptional } from "../../plugins/openapi.ts";
import { requestScope } from "../../plugins/request-forms.ts";
import type { Services } from "../../services/index.ts";

/** SPEC §7 POST /api/stitching/request (issue 12): a custom stitching request, stored first, then mailed. */
export default async function stitchingRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const { app, received, sender } = requestScope(base, services);

  app.post(
    "/stitching/request",
    {
      schema: {
        summary: "Ask for custom stitching",
        tags: ["request"],
        security: tokenOptional,
        body: StitchingRequestSchema,
        response: { 201: received, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const answer = await services.requests.requestStitching(request.body, await sender(request));
      return reply.code(201).send({ success: true, ...answer });
    },
  );

  // Issue 29 (decision 0041): the styles a shopper may choose for one unstitched fabric.
  app.get(
    "/stitching/styles",
    {
      schema: {
        operationId: "stitchingStyles",
        summary: "The active stitching styles that suit a product (none unless it is an unstitched fabric)",
        tags: ["request"],
        querystring: StitchingStylesQuerySchema,
        response: { 200: StitchingStylesAnswerSchema, ...errors(400) },
      },
    },
    async (request) => ({
      success: true as const,
      styles: await services.admin.stitchingStyles.forProduct(request.query.product),
    }),
  );
}
