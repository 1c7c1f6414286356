import type { FastifyInstance } from "fastify";
import {
  InboxItemAnswerSchema,
  InboxListAnswerSchema,
  InboxParamsSchema,
  InboxQuerySchema,
  InboxReplyInputSchema,
  InboxUpdateSchema,
} from "#core/admin.ts";
import { InboxReplyAnswerSchema } from "#core/schemas/admin/mail.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, auditAs, principal } from "./shared.ts";

/** Stitching requests and contact messages (staff and owner). */
export default async function inboxRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { inbox } = services.admin;
  const common = { tags: adminTags, security: adminSession };

  app.get(
    "/inbox",
    {
      schema: {
        ...common,
        summary: "Stitching requests and contact messages, newest first",
        querystring: InboxQuerySchema,
        response: { 200: InboxListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => {
      const { items, total } = await inbox.list(request.query);
      return { success: true, items, total, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get(
    "/inbox/:kind/:id",
    {
      schema: {
        ...common,
        summary: "One request with its notes and replies",
        params: InboxParamsSchema,
        response: { 200: InboxItemAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({ success: true, item: await inbox.get(request.params.kind, request.params.id) }),
  );

  app.patch(
    "/inbox/:kind/:id",
    {
      schema: {
        ...common,
        summary: "Change a request's status or notes",
        params: InboxParamsSchema,
        body: InboxUpdateSchema,
        response: { 200: InboxItemAnswerSchema, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({
      success: true,
      item: await inbox.update(request.params.kind, request.params.id, request.body, auditAs(request)),
    }),
  );

  app.post(
    "/inbox/:kind/:id/reply",
    {
      schema: {
        ...common,
        summary: "Reply to a request by e-mail (`mail` says sent, or waiting for mail to be configured)",
        params: InboxParamsSchema,
        body: InboxReplyInputSchema,
        response: { 200: InboxReplyAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true,
      ...(await inbox.reply(
        request.params.kind,
        request.params.id,
        request.body,
        principal(request).user,
        auditAs(request),
      )),
    }),
  );
}
