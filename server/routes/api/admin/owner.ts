import type { FastifyInstance } from "fastify";
import {
  AuditListAnswerSchema,
  AuditQuerySchema,
  IdParamsSchema,
  OkAnswerSchema,
  SettingsAnswerSchema,
  ShopSettingsUpdateSchema,
  StaffAnswerSchema,
  StaffInviteSchema,
  StaffListAnswerSchema,
  StaffRoleSchema,
} from "#core/admin.ts";
import { StaffInviteAnswerSchema } from "#core/schemas/admin/mail.ts";
import type { ApiTypeProvider } from "../../../plugins/openapi.ts";
import type { Services } from "../../../services/index.ts";
import { adminErrors, adminSession, adminTags, auditAs, principal } from "./shared.ts";

/** Settings, staff and the audit log: the owner's alone (staff get 403). */
export default async function ownerRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { admin } = services;
  const common = { tags: adminTags, security: adminSession };
  const config = { ownerOnly: true };

  app.get(
    "/settings",
    {
      config,
      schema: {
        ...common,
        summary: "The shop's settings, their environment defaults and which are overridden",
        response: { 200: SettingsAnswerSchema, ...adminErrors() },
      },
    },
    async () => ({ success: true, ...(await admin.settings.withOverrides()) }),
  );

  app.put(
    "/settings",
    {
      config,
      schema: {
        ...common,
        summary: "Override shop settings",
        body: ShopSettingsUpdateSchema,
        response: { 200: SettingsAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => {
      await admin.settings.update(request.body, principal(request).user, auditAs(request));
      return { success: true, ...(await admin.settings.withOverrides()) };
    },
  );

  app.get(
    "/staff",
    {
      config,
      schema: {
        ...common,
        summary: "Staff and owners",
        response: { 200: StaffListAnswerSchema, ...adminErrors() },
      },
    },
    async () => ({ success: true, staff: await admin.staff.list() }),
  );

  app.post(
    "/staff",
    {
      config,
      schema: {
        ...common,
        summary:
          "Give an account a back-office role (or create and invite one; `mail` says what became of the invitation)",
        body: StaffInviteSchema,
        response: { 200: StaffInviteAnswerSchema, ...adminErrors(400, 409) },
      },
    },
    async (request) => {
      const { mail, ...member } = await admin.staff.invite(request.body, auditAs(request));
      return { success: true, member, mail };
    },
  );

  app.patch(
    "/staff/:id",
    {
      config,
      schema: {
        ...common,
        summary: "Change a staff member's role",
        params: IdParamsSchema,
        body: StaffRoleSchema,
        response: { 200: StaffAnswerSchema, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true,
      member: await admin.staff.setRole(request.params.id, request.body.role, auditAs(request)),
    }),
  );

  app.delete(
    "/staff/:id",
    {
      config,
      schema: {
        ...common,
        summary: "Remove a staff member's access",
        params: IdParamsSchema,
        response: { 200: OkAnswerSchema, ...adminErrors(404, 409) },
      },
    },
    async (request) => {
      await admin.staff.remove(request.params.id, auditAs(request));
      return { success: true };
    },
  );

  app.get(
    "/audit",
    {
      config,
      schema: {
        ...common,
        summary: "Who changed what and when",
        querystring: AuditQuerySchema,
        response: { 200: AuditListAnswerSchema, ...adminErrors(400) },
      },
    },
    async (request) => {
      const { entries, total, people } = await admin.audit(request.query);
      return { success: true, entries, total, people, page: request.query.page, limit: request.query.limit };
    },
  );
}
