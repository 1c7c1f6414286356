import type { FastifyInstance } from "fastify";
import { t } from "#core/i18n/index.ts";
import {
  MeasurementProfileAnswerSchema,
  MeasurementProfileListAnswerSchema,
  MeasurementProfileRemovedAnswerSchema,
  MyStitchingRequestsAnswerSchema,
} from "#core/schemas/answers.ts";
import { ProfileInputSchema, ProfileParamsSchema } from "#core/schemas/measurement-profile.schema.ts";
import { zodValidator } from "../../http-errors.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, signedIn } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

const tags = ["measurements"];

/**
 * Measurement profiles (issue 29; decision 0040): the token's shopper's own only; another shopper's id is
 * 404, exactly as one that does not exist. A refused value names its field (`values.bust`).
 */
export default async function measurementRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { measurements } = services;
  requireUser(app, services);
  noStore(app);
  app.setValidatorCompiler(zodValidator("field"));

  app.get(
    "/measurements",
    {
      schema: {
        summary: "List the shopper's measurement profiles",
        tags,
        security: signedIn,
        response: { 200: MeasurementProfileListAnswerSchema, ...errors(401) },
      },
    },
    async (request) => ({ success: true, profiles: await measurements.listProfiles(currentUser(request)) }),
  );

  app.post(
    "/measurements",
    {
      schema: {
        summary: "Add a measurement profile (values as typed in `unit`)",
        tags,
        security: signedIn,
        body: ProfileInputSchema,
        response: { 201: MeasurementProfileAnswerSchema, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const profile = await measurements.createProfile(currentUser(request), request.body);
      return reply.code(201).send({ success: true, message: t("profile.mtm.profile.saved"), profile });
    },
  );

  app.put(
    "/measurements/:id",
    {
      schema: {
        summary: "Change one of the shopper's measurement profiles",
        tags,
        security: signedIn,
        params: ProfileParamsSchema,
        body: ProfileInputSchema,
        response: { 200: MeasurementProfileAnswerSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true,
      message: t("profile.mtm.profile.saved"),
      profile: await measurements.updateProfile(currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/measurements/:id",
    {
      schema: {
        summary: "Remove one of the shopper's measurement profiles",
        tags,
        security: signedIn,
        params: ProfileParamsSchema,
        response: { 200: MeasurementProfileRemovedAnswerSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      await measurements.deleteProfile(currentUser(request), request.params.id);
      return { success: true, message: t("profile.mtm.profile.removed") };
    },
  );

  app.get(
    "/stitching/requests",
    {
      schema: {
        summary: "The stitching requests the shopper sent signed in, with their status",
        tags,
        security: signedIn,
        response: { 200: MyStitchingRequestsAnswerSchema, ...errors(401) },
      },
    },
    async (request) => ({ success: true, requests: await measurements.listRequests(currentUser(request)) }),
  );
}
