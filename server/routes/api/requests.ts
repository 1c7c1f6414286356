import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ok } from "#core/schemas/api.schema.ts";
import { ContactMessageSchema } from "#core/schemas/contact.schema.ts";
import { StitchingRequestSchema } from "#core/schemas/stitching.schema.ts";
import type { UserRow } from "../../db/repositories/users.ts";
import { HttpError, zodValidator } from "../../http-errors.ts";
import { noStore, tokenFrom } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, tokenOptional } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";
import type { RequestSender } from "../../services/requests.ts";

/**
 * Anyone may write to the shop (SPEC §6 visitors contact the store). A valid token links the request to
 * the account; a missing, expired or forged one sends it as a visitor's rather than refusing it.
 */
async function signedInOrGuest(services: Services, request: FastifyRequest): Promise<UserRow | null> {
  const token = tokenFrom(request);
  if (!token) return null;
  try {
    return await services.accounts.authenticate(token);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return null;
    throw error;
  }
}

/** Issue 12: the contact form and the stitching request, stored first, then mailed. */
export default async function requestRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  noStore(app);
  // The first problem of a form as `{ success: false, message, field }`: the screen shows the message
  // beside the field it names (SPEC §8 inline errors); `field` is absent when the body itself is wrong.
  app.setValidatorCompiler(zodValidator("field"));
  const received = ok({ message: z.string() }, "Stored, and mailed to the shop");
  const sender = async (request: FastifyRequest): Promise<RequestSender> => ({
    ip: request.ip,
    user: await signedInOrGuest(services, request),
  });

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
}
