import type { FastifyInstance } from "fastify";
import { PaymenntWebhookSchema, WebhookAnswerSchema } from "#core/schemas/answers.ts";
import { type ApiTypeProvider, errors } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

/** Notifications from the payment provider (issue 11). */
export default async function webhookRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Paymennt's notification: answered at once, the same for any body; the status is re-read from
  // Paymennt in the background (its webhook signature is not published, so the body is never trusted).
  await app.register(async (scope) => {
    const hooks = scope.withTypeProvider<ApiTypeProvider>();
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser("*", { parseAs: "string", bodyLimit: 65_536 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      }
    });
    hooks.post(
      "/webhooks/paymennt",
      {
        schema: {
          summary: "Paymennt's payment notification",
          description:
            "Any body (JSON or form) is accepted and answered at once; it only names a checkout, whose status is then read from Paymennt.",
          tags: ["webhook"],
          body: PaymenntWebhookSchema,
          response: { 200: WebhookAnswerSchema, ...errors() },
        },
      },
      async (request, reply) => {
        services.orders.webhook(request.body);
        return reply.code(200).send({ received: true });
      },
    );
  });
}
