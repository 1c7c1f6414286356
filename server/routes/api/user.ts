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
import {
  MessageAnswerSchema,
  PasswordChangeAnswerSchema,
  ProfileAnswerSchema,
  ProfileUpdateAnswerSchema,
  SessionAnswerSchema,
} from "#core/schemas/answers.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, signedIn as tokenRequired } from "../../plugins/openapi.ts";
import type { RequestContext } from "../../services/accounts.ts";
import type { Services } from "../../services/index.ts";

export const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });

const tags = ["user"];

/** SPEC §7 user calls. Answers never carry a password or its hash; messages come from en-server.ts. */
export default async function userRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { accounts } = services;
  noStore(app);

  app.post(
    "/user/register",
    {
      schema: {
        summary: "Create an account (a code is mailed when an e-mail is given)",
        tags,
        body: RegisterSchema,
        response: { 201: MessageAnswerSchema, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { message } = await accounts.register(request.body, context(request));
      return reply.code(201).send({ success: true, message });
    },
  );

  app.post(
    "/user/login",
    {
      schema: {
        summary: "Sign in with e-mail or phone and password",
        tags,
        body: LoginSchema,
        response: { 200: SessionAnswerSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { message, token, user } = await accounts.login(request.body, context(request));
      return { success: true, message, token, user };
    },
  );

  app.post(
    "/user/verify-email-otp",
    {
      schema: {
        summary: "Confirm an e-mail address with its code",
        tags,
        body: VerifyEmailOtpSchema,
        response: { 200: MessageAnswerSchema, ...errors(400, 429) },
      },
    },
    async (request) => ({
      success: true,
      ...(await accounts.verifyEmailOtp(request.body, context(request))),
    }),
  );

  app.post(
    "/user/forgot-password",
    {
      schema: {
        summary: "Mail a password reset code",
        tags,
        body: ForgotPasswordSchema,
        response: { 200: MessageAnswerSchema, ...errors(400, 429) },
      },
    },
    async (request) => ({
      success: true,
      ...(await accounts.forgotPassword(request.body, context(request))),
    }),
  );

  app.post(
    "/user/reset-password",
    {
      schema: {
        summary: "Set a new password with a reset code",
        tags,
        body: ResetPasswordSchema,
        response: { 200: MessageAnswerSchema, ...errors(400, 429) },
      },
    },
    async (request) => ({ success: true, ...(await accounts.resetPassword(request.body, context(request))) }),
  );

  app.post(
    "/user/google-login",
    {
      schema: {
        summary: "Sign in or sign up with a Google ID token",
        tags,
        body: GoogleLoginSchema,
        response: {
          200: SessionAnswerSchema,
          201: SessionAnswerSchema,
          ...errors(400, 401, 404, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { message, token, user, created } = await accounts.googleLogin(request.body, context(request));
      return reply.code(created ? 201 : 200).send({ success: true, message, token, user });
    },
  );

  // The signed-in shopper's own account: guarded once for the whole scope.
  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ApiTypeProvider>();
    requireUser(signedIn, services);

    signedIn.get(
      "/user/profile",
      {
        schema: {
          summary: "The signed-in shopper's profile",
          tags,
          security: tokenRequired,
          response: { 200: ProfileAnswerSchema, ...errors(401) },
        },
      },
      async (request) => ({
        success: true,
        user: accounts.profile(currentUser(request)),
      }),
    );

    signedIn.post(
      "/user/update",
      {
        schema: {
          summary: "Change name, e-mail or phone",
          tags,
          security: tokenRequired,
          body: UpdateProfileSchema,
          response: {
            200: ProfileUpdateAnswerSchema,
            ...errors(400, 401, 409),
          },
        },
      },
      async (request) => ({
        success: true,
        ...(await accounts.updateProfile(currentUser(request), request.body)),
      }),
    );

    signedIn.post(
      "/user/change-password",
      {
        schema: {
          summary: "Change the password",
          tags,
          security: tokenRequired,
          body: ChangePasswordSchema,
          response: {
            200: PasswordChangeAnswerSchema,
            ...errors(400, 401, 429),
          },
        },
      },
      async (request) => ({
        success: true,
        ...(await accounts.changePassword(currentUser(request), request.body, context(request))),
      }),
    );
  });
}
