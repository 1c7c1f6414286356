import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { IdParamsSchema } from "#core/admin.ts";
import {
  CreditNoteParamsSchema,
  RefundAnswerSchema,
  RefundRequestSchema,
  RefundSummaryAnswerSchema,
} from "#core/schemas/admin/refunds.ts";
import { IssuedDocumentAnswerSchema } from "#core/schemas/document.schema.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import { AdminError } from "../../../services/admin-errors.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, principal } from "./shared.ts";

/** The Idempotency-Key header of the refund call (decision 0017's format: 8-200 printable ASCII). */
const RefundHeadersSchema = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, "Idempotency-Key must be 8 to 200 printable ASCII characters")
    .optional(),
});

/** Refunds and credit notes of an order (issue 24; decision 0023). Refunding is the owner's. */
export default async function refundRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const common = { tags: adminTags, security: adminSession };

  app.get(
    "/orders/:id/refunds",
    {
      schema: {
        ...common,
        operationId: "adminOrderRefunds",
        summary: "What was paid, refunded and can still be refunded; the refunds and credit notes",
        params: IdParamsSchema,
        response: { 200: RefundSummaryAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => ({ success: true as const, ...(await services.refunds.summary(request.params.id)) }),
  );

  app.post(
    "/orders/:id/refunds",
    {
      config: { ownerOnly: true },
      schema: {
        ...common,
        operationId: "adminRefundOrder",
        summary:
          "Refund chosen lines or an amount: through Paymennt for a card order, recorded by hand otherwise (owner only)",
        description:
          "A pending refund is recorded before Paymennt is asked. 200 with outcome confirmed, 202 with outcome pending when Paymennt did not answer (the reconciliation job settles it), 409 refund_refused when Paymennt refused (nothing refunded). Send an Idempotency-Key to make a retry answer the first refund.",
        params: IdParamsSchema,
        headers: RefundHeadersSchema,
        body: RefundRequestSchema,
        response: {
          200: RefundAnswerSchema,
          202: RefundAnswerSchema,
          ...adminErrors(400, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { user } = principal(request);
      const result = await services.refunds.refund(
        request.params.id,
        request.body,
        { id: user.id, name: user.name, kind: "staff" },
        request.headers["idempotency-key"],
      );
      if (result.outcome === "refused")
        throw new AdminError(
          "conflict",
          "refund_refused",
          `Paymennt refused the refund: ${result.entry.failure ?? "no reason given"}. Nothing was refunded.`,
        );
      const pending = result.outcome === "pending";
      return reply.code(pending ? 202 : 200).send({
        success: true as const,
        outcome: result.outcome,
        message: pending
          ? "Paymennt did not answer. The refund stays pending and is checked again every minute."
          : `Refunded AED ${(result.entry.amountFils / 100).toFixed(2)}`,
        refund: result.entry,
        summary: result.summary,
      });
    },
  );

  app.get(
    "/orders/:id/credit-notes/:number",
    {
      schema: {
        ...common,
        operationId: "adminOrderCreditNote",
        summary: "One credit note of the order as issued, in English and Arabic",
        params: CreditNoteParamsSchema,
        response: { 200: IssuedDocumentAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      document: await services.refunds.creditNote(request.params.id, request.params.number),
    }),
  );
}
