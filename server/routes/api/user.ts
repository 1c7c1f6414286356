import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  GoogleLoginSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UpdateProfileSchema,
  VerifyEmailOtpSchema,
} from "#core/schemas/account.schema.ts";
import { parseInput } from "../../http-errors.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import type { RequestContext } from "../../services/accounts.ts";
import type { Services } from "../../services/index.ts";

export const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });

/** SPEC §7 user calls. Answers never carry a password or its hash; messages come from en-server.ts. */
export default async function userRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { accounts } = services;
  noStore(app);

  app.post("/user/register", async (request, reply) => {
    const input = parseInput(RegisterSchema, request.body);
    const { message } = await accounts.register(input, context(request));
    return reply.code(201).send({ success: true, message });
  });

  app.post("/user/login", async (request) => {
    const input = parseInput(LoginSchema, request.body);
    const { message, token, user } = await accounts.login(input, context(request));
    return { success: true, message, token, user };
  });

  app.post("/user/verify-email-otp", async (request) => {
    const input = parseInput(VerifyEmailOtpSchema, request.body);
    return { success: true, ...(await accounts.verifyEmailOtp(input, context(request))) };
  });

  app.post("/user/forgot-password", async (request) => {
    const input = parseInput(ForgotPasswordSchema, request.body);
    return { success: true, ...(await accounts.forgotPassword(input, context(request))) };
  });

  app.post("/user/reset-password", async (request) => {
    const input = parseInput(ResetPasswordSchema, request.body);
    return { success: true, ...(await accounts.resetPassword(input, context(request))) };
  });

  app.post("/user/google-login", async (request, reply) => {
    const input = parseInput(GoogleLoginSchema, request.body);
    const { message, token, user, created } = await accounts.googleLogin(input, context(request));
    return reply.code(created ? 201 : 200).send({ success: true, message, token, user });
  });

  // The signed-in shopper's own account: guarded once for the whole scope.
  await app.register(async (signedIn) => {
    requireUser(signedIn, services);

    signedIn.get("/user/profile", async (request) => ({
      success: true,
      user: accounts.profile(currentUser(request)),
    }));

    signedIn.post("/user/update", async (request) => {
      const input = parseInput(UpdateProfileSchema, request.body);
      return { success: true, ...(await accounts.updateProfile(currentUser(request), input)) };
    });

    signedIn.post("/user/change-password", async (request) => {
      const input = parseInput(ChangePasswordSchema, request.body);
      return {
        success: true,
        ...(await accounts.changePassword(currentUser(request), input, context(request))),
      };
    });
  });
}
