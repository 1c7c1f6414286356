import type { FastifyInstance, FastifyRequest } from "fastify";
import { RequestReceivedAnswerSchema } from "#core/schemas/answers.ts";
import type { UserRow } from "../db/repositories/users.ts";
import { zodValidator } from "../http-errors.ts";
import { isUnauthenticated } from "../refusal-status.ts";
import type { Services } from "../services/index.ts";
import type { RequestSender } from "../services/requests.ts";
import { noStore, tokenFrom } from "./auth.ts";
import type { ApiTypeProvider } from "./openapi.ts";

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
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

/**
 * The two request forms' scope (issue 12): never cached, and the first problem of a form answered as
 * `{ success: false, message, field }` so the screen shows the message beside the field it names (SPEC §8
 * inline errors; `field` is absent when the body itself is wrong). Returns the route builder, the answer
 * both forms give and who sent the request.
 */
export function requestScope(base: FastifyInstance, services: Services) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  noStore(app);
  app.setValidatorCompiler(zodValidator("field"));
  const sender = async (request: FastifyRequest): Promise<RequestSender> => ({
    ip: request.ip,
    user: await signedInOrGuest(services, request),
  });
  return { app, received: RequestReceivedAnswerSchema, sender };
}
