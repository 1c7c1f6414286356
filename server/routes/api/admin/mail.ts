import type { FastifyInstance } from "fastify";
import { IdParamsSchema } from "#core/admin.ts";
import { resentText } from "#core/admin-mail-text.ts";
import {
  MailListAnswerSchema,
  MailListQuerySchema,
  MailResendAnswerSchema,
} from "#core/schemas/admin/mail.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, auditAs } from "./shared.ts";

/** The mails that reached nobody, and Resend: the owner's alone (staff get 403), in production too. */
export default async function mailRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { mail } = services.admin;
  const common = { tags: adminTags, security: adminSession };
  const config = { ownerOnly: true };

  app.get(
    "/mail",
    {
      config,
      schema: {
        ...common,
        summary: "Undelivered mail: stored without SMTP_URL, failed, or not tried yet (newest first)",
        querystring: MailListQuerySchema,
        response: { 200: MailListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => ({ success: true, ...(await mail.undelivered(request.query.limit)) }),
  );

  app.post(
    "/mail/:id/resend",
    {
      config,
      schema: {
        ...common,
        summary:
          "Queue an undelivered mail again (sent by the next pass; without SMTP_URL printed to the log)",
        params: IdParamsSchema,
        response: { 200: MailResendAnswerSchema, ...adminErrors(404, 409) },
      },
    },
    async (request) => {
      const outcome = await mail.resend(request.params.id, auditAs(request));
      return { success: true, mail: outcome, message: resentText(outcome) };
    },
  );
}
