import type { FastifyInstance } from "fastify";
import { IdParamsSchema } from "#core/admin.ts";
import { WorkStepAnswerSchema } from "#core/schemas/answers.ts";
import {
  AdminStitchingStyleAnswerSchema,
  AdminStitchingStyleListAnswerSchema,
  OrderLineParamsSchema,
  StitchingStyleCreateSchema,
  StitchingStyleUpdateSchema,
  WorkStepMoveSchema,
  WorkshopAnswerSchema,
} from "#core/schemas/stitching-styles.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import { AdminError } from "../../../services/admin-errors.ts";
import type { Services } from "../../../services/index.ts";
import {
  adminErrors,
  adminSession,
  adminTags,
  auditAs,
  principal,
  uploadBodyLimit,
  uploadedFiles,
} from "./shared.ts";

/**
 * Stitching styles and the workshop (issue 29, part 2; decision 0041). Staff read the styles; making,
 * changing and archiving one is the owner's, as the promotions are. Staff and the owner move a
 * made-to-measure line forward; only the owner moves one back.
 */
export default async function stitchingRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const common = { tags: adminTags, security: adminSession };
  const ownerOnly = { ownerOnly: true };
  const { stitchingStyles, workshop } = services.admin;

  app.get(
    "/stitching-styles",
    {
      schema: {
        ...common,
        operationId: "adminStitchingStyles",
        summary: "The stitching styles, archived ones included, and the fabrics unstitched products come in",
        response: { 200: AdminStitchingStyleListAnswerSchema, ...adminErrors() },
      },
    },
    async () => ({ success: true as const, ...(await stitchingStyles.list()) }),
  );

  app.get(
    "/stitching-styles/:id",
    {
      schema: {
        ...common,
        operationId: "adminStitchingStyle",
        summary: "One stitching style",
        params: IdParamsSchema,
        response: { 200: AdminStitchingStyleAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => ({ success: true as const, style: await stitchingStyles.get(request.params.id) }),
  );

  app.post(
    "/stitching-styles",
    {
      config: ownerOnly,
      schema: {
        ...common,
        operationId: "adminCreateStitchingStyle",
        summary: "Add a stitching style (owner only); its price in AED, its lead time in UAE business days",
        body: StitchingStyleCreateSchema,
        response: { 200: AdminStitchingStyleAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => ({
      success: true as const,
      style: await stitchingStyles.create(request.body, auditAs(request)),
    }),
  );

  app.patch(
    "/stitching-styles/:id",
    {
      config: ownerOnly,
      schema: {
        ...common,
        operationId: "adminUpdateStitchingStyle",
        summary: "Change a stitching style, or archive (active: false) and restore it (owner only)",
        params: IdParamsSchema,
        body: StitchingStyleUpdateSchema,
        response: { 200: AdminStitchingStyleAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      style: await stitchingStyles.update(request.params.id, request.body, auditAs(request)),
    }),
  );

  app.post(
    "/stitching-styles/:id/image",
    {
      config: ownerOnly,
      schema: {
        ...common,
        operationId: "adminStitchingStyleImage",
        summary: "Upload a stitching style's picture (multipart, one file; owner only)",
        params: IdParamsSchema,
        consumes: ["multipart/form-data"],
        response: { 200: AdminStitchingStyleAnswerSchema, ...adminErrors(400, 404, 413, 415) },
      },
      bodyLimit: uploadBodyLimit(1),
    },
    async (request) => {
      const files = await uploadedFiles(request);
      const [file] = files;
      if (!file || files.length > 1)
        throw new AdminError("invalid", "validation", "Choose one image for the style");
      return {
        success: true as const,
        style: await stitchingStyles.setImage(request.params.id, file, auditAs(request)),
      };
    },
  );

  app.get(
    "/orders/:id/workshop",
    {
      schema: {
        ...common,
        operationId: "adminOrderWorkshop",
        summary: "An order's made-to-measure lines: style, measurements, note, ready-by date and step",
        params: IdParamsSchema,
        response: { 200: WorkshopAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => workshop.view(request.params.id, principal(request).user.role),
  );

  app.post(
    "/orders/:id/lines/:lineId/step",
    {
      schema: {
        ...common,
        operationId: "adminMoveWorkStep",
        summary:
          "Move a made-to-measure line to another workshop step (back only by the owner); the last line ready mails the shopper",
        params: OrderLineParamsSchema,
        body: WorkStepMoveSchema,
        response: {
          200: WorkStepAnswerSchema,
          ...adminErrors(400, 404, 409),
        },
      },
    },
    async (request) => {
      const { user } = principal(request);
      return workshop.moveStep(
        request.params.id,
        request.params.lineId,
        request.body.step,
        { id: user.id, name: user.name, role: user.role },
        auditAs(request),
      );
    },
  );
}
