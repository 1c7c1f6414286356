import type { FastifyInstance } from "fastify";
import { ContactMessageSchema } from "#core/schemas/contact.schema.ts";
import { errors, tokenOptional } from "../../plugins/openapi.ts";
import { requestScope } from "../../plugins/request-forms.ts";
import type { Services } from "../../services/index.ts";

/** SPEC §7 POST /api/contact/send (issue 12): the contact form, stored first, then mailed. */
export default async function contactRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const { app, received, sender } = requestScope(base, services);

  app.post(
    "/contact/send",
    {
      schema: {
        summary: "Send the shop a contact message",
        tags: ["request"],
        security: tokenOptional,
        body: ContactMessageSchema,
        response: { 201: received, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const answer = await services.requests.sendContactMessage(request.body, await sender(request));
      return reply.code(201).send({ success: true, ...answer });
    },
  );
}
