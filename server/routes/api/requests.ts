import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { ContactMessageSchema } from "#core/schemas/contact.schema.ts";
import { StitchingRequestSchema } from "#core/schemas/stitching.schema.ts";
import type { UserRow } from "../../db/repositories/users.ts";
import { HttpError } from "../../http-errors.ts";
import { noStore, tokenFrom } from "../../plugins/auth.ts";
import type { Services } from "../../services/index.ts";
import type { RequestSender } from "../../services/requests.ts";

/**
 * The first problem of a form as `{ success: false, message, field }`: the screen shows the message
 * beside the field it names (SPEC §8 inline errors); `field` is absent when the body itself is wrong.
 */
function refusal(error: z.ZodError) {
  const issue = error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  return {
    success: false as const,
    message: issue?.message ?? "Invalid request",
    ...(field ? { field } : {}),
  };
}

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
export default async function requestRoutes(app: FastifyInstance, { services }: { services: Services }) {
  noStore(app);
  const sender = async (request: FastifyRequest): Promise<RequestSender> => ({
    ip: request.ip,
    user: await signedInOrGuest(services, request),
  });

  app.post("/contact/send", async (request, reply) => {
    const parsed = ContactMessageSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(refusal(parsed.error));
    const answer = await services.requests.sendContactMessage(parsed.data, await sender(request));
    return reply.code(201).send({ success: true, ...answer });
  });

  app.post("/stitching/request", async (request, reply) => {
    const parsed = StitchingRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(refusal(parsed.error));
    const answer = await services.requests.requestStitching(parsed.data, await sender(request));
    return reply.code(201).send({ success: true, ...answer });
  });
}
