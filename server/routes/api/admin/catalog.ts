import type { FastifyInstance } from "fastify";
import {
  AdminProductAnswerSchema,
  AdminProductInputSchema,
  AdminProductListAnswerSchema,
  AdminProductQuerySchema,
  IdParamsSchema,
  IMAGE_MAX_FILES,
  ImageAltSchema,
  ImageOrderSchema,
  ImageParamsSchema,
  ImagesAnswerSchema,
  OkAnswerSchema,
  StockAdjustmentAnswerSchema,
  StockAdjustmentSchema,
  StockCountSchema,
} from "#core/admin.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, auditAs, uploadBodyLimit, uploadedFiles } from "./shared.ts";

/** Products, their sizes, stock and images (staff and owner). */
export default async function catalogRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { catalog } = services.admin;
  const common = { tags: adminTags, security: adminSession };

  app.get(
    "/products",
    {
      schema: {
        ...common,
        summary: "Products with search, filters and paging",
        querystring: AdminProductQuerySchema,
        response: { 200: AdminProductListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => {
      const { products, total } = await catalog.listProducts(request.query);
      return { success: true, products, total, page: request.query.page, limit: request.query.limit };
    },
  );

  app.post(
    "/products",
    {
      schema: {
        ...common,
        summary: "Create a product with its sizes",
        body: AdminProductInputSchema,
        response: { 201: AdminProductAnswerSchema, ...adminErrors(400, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true, product: await catalog.createProduct(request.body, auditAs(request)) }),
  );

  app.get(
    "/products/:id",
    {
      schema: {
        ...common,
        summary: "One product with its images and sizes",
        params: IdParamsSchema,
        response: { 200: AdminProductAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => ({ success: true, product: await catalog.getProduct(request.params.id) }),
  );

  app.put(
    "/products/:id",
    {
      schema: {
        ...common,
        summary: "Edit a product and its sizes (stock changes only by adjustment)",
        params: IdParamsSchema,
        body: AdminProductInputSchema,
        response: { 200: AdminProductAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true,
      product: await catalog.updateProduct(request.params.id, request.body, auditAs(request)),
    }),
  );

  app.delete(
    "/products/:id",
    {
      schema: {
        ...common,
        summary: "Delete a product no order refers to",
        params: IdParamsSchema,
        response: { 200: OkAnswerSchema, ...adminErrors(404, 409) },
      },
    },
    async (request) => {
      await catalog.deleteProduct(request.params.id, auditAs(request));
      return { success: true };
    },
  );

  app.post(
    "/products/:id/stock",
    {
      schema: {
        ...common,
        summary: "Adjust a size's stock by a delta, safely against concurrent sales",
        params: IdParamsSchema,
        body: StockAdjustmentSchema,
        response: { 200: StockAdjustmentAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true,
      variant: await catalog.adjustStock(request.params.id, request.body, auditAs(request)),
    }),
  );

  app.post(
    "/products/:id/stock/count",
    {
      schema: {
        ...common,
        operationId: "adminCountStock",
        summary:
          "Set a size's stock to the counted number if it is still the figure read (409 stock_changed names the new one); never below what is held",
        params: IdParamsSchema,
        body: StockCountSchema,
        response: { 200: StockAdjustmentAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true,
      variant: await catalog.countStock(request.params.id, request.body, auditAs(request)),
    }),
  );

  for (const [action, draft] of [
    ["publish", false],
    ["unpublish", true],
  ] as const) {
    app.post(
      `/products/:id/${action}`,
      {
        schema: {
          ...common,
          summary: draft
            ? "Make a product a draft again: gone from the storefront, not orderable"
            : "Publish a draft product on the storefront",
          params: IdParamsSchema,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(404) },
        },
      },
      async (request) => ({
        success: true,
        product: await catalog.setDraft(request.params.id, draft, auditAs(request)),
      }),
    );
  }

  for (const [action, archived] of [
    ["archive", true],
    ["unarchive", false],
  ] as const) {
    app.post(
      `/products/:id/${action}`,
      {
        schema: {
          ...common,
          summary: archived ? "Hide a product from the storefront" : "Show an archived product again",
          params: IdParamsSchema,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(404) },
        },
      },
      async (request) => ({
        success: true,
        product: await catalog.setArchived(request.params.id, archived, auditAs(request)),
      }),
    );
  }

  app.post(
    "/products/:id/images",
    {
      schema: {
        ...common,
        summary: "Upload images (multipart, several at once), converted to the storefront's sizes",
        params: IdParamsSchema,
        consumes: ["multipart/form-data"],
        response: { 201: ImagesAnswerSchema, ...adminErrors(400, 404, 413, 415) },
      },
      bodyLimit: uploadBodyLimit(IMAGE_MAX_FILES),
    },
    async (request, reply) => {
      const files = await uploadedFiles(request);
      const images = await catalog.addImages(request.params.id, files, auditAs(request));
      return reply.code(201).send({ success: true, images });
    },
  );

  app.put(
    "/products/:id/images/order",
    {
      schema: {
        ...common,
        summary: "Reorder a product's images",
        params: IdParamsSchema,
        body: ImageOrderSchema,
        response: { 200: ImagesAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({
      success: true,
      images: await catalog.reorderImages(request.params.id, request.body.imageIds, auditAs(request)),
    }),
  );

  app.patch(
    "/products/:id/images/:imageId",
    {
      schema: {
        ...common,
        summary: "Change an image's alt text",
        params: ImageParamsSchema,
        body: ImageAltSchema,
        response: { 200: ImagesAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({
      success: true,
      images: await catalog.setImageAlt(
        request.params.id,
        request.params.imageId,
        request.body.alt,
        auditAs(request),
        request.body.altAr,
      ),
    }),
  );

  app.delete(
    "/products/:id/images/:imageId",
    {
      schema: {
        ...common,
        summary: "Remove an image from a product",
        params: ImageParamsSchema,
        response: { 200: ImagesAnswerSchema, ...adminErrors(404) },
      },
    },
    async (request) => ({
      success: true,
      images: await catalog.deleteImage(request.params.id, request.params.imageId, auditAs(request)),
    }),
  );
}
