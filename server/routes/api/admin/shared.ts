import type { FastifyRequest } from "fastify";
import { AdminErrorSchema, IMAGE_MAX_BYTES, IMAGE_MAX_FILES } from "#core/admin.ts";
import { findBadText } from "#core/text.ts";
import { badTextError } from "../../../http-errors.ts";
import { type AuditRecorder, auditRecorder } from "../../../services/admin-audit.ts";
import type { UploadedFile } from "../../../services/admin-catalog.ts";
import { AdminError } from "../../../services/admin-errors.ts";
import type { AdminPrincipal } from "../../../services/admin-session.ts";

/*
 * What the back office's route files share (their tags, session, refusals, uploads). Kept apart from
 * ./index.ts, which registers them, so that no route file imports the file that imports it.
 */

declare module "fastify" {
  interface FastifyRequest {
    /** The back-office session of a guarded /api/admin route. */
    adminPrincipal: AdminPrincipal | null;
  }
  interface FastifyContextConfig {
    /** Owner only: staff get 403 (staff management, settings, the audit log). */
    ownerOnly?: boolean;
  }
}

export const adminTags = ["admin"];
/** The back office's cookie session (decision 0013); documented apart from the storefront's token. */
export const adminSession: { [scheme: string]: string[] }[] = [{ adminSession: [] }];

const errorText: Record<number, string> = {
  400: "The body or query does not match the schema (code validation), or the shop refuses it.",
  401: "No back-office session, or it expired (code unauthenticated).",
  403: "The role may not do this (forbidden), the CSRF token or Origin is wrong (csrf), or the demo owner signs in from another machine (demo_owner_local_only).",
  404: "Not found.",
  409: "Conflicts with the shop's current state; the code says which.",
  413: "A file is too large, or too many files (file_too_large, too_many_files).",
  415: "An upload is not an image (not_image).",
  429: "Too many log-in attempts (rate_limited).",
};

/** The `{ success: false, message, code }` answers of an admin route, by status (500 is common to all). */
export function adminErrors(...statuses: number[]) {
  return Object.fromEntries(
    [401, 403, ...statuses, 500].map((status) => [
      status,
      AdminErrorSchema.describe(errorText[status] ?? "Something went wrong on our side."),
    ]),
  );
}

/** The signed-in user of a guarded route. */
export function principal(request: FastifyRequest): AdminPrincipal {
  if (!request.adminPrincipal) throw new Error("the admin guard must run before this route");
  return request.adminPrincipal;
}

/** An audit recorder acting as the request's user. */
export function auditAs(request: FastifyRequest): AuditRecorder {
  const { user } = principal(request);
  return auditRecorder({ id: user.id, name: user.name });
}

/**
 * The uploaded files of a multipart request (field names are not checked: every file is an image). Its
 * text (file names, and text parts, which are otherwise ignored) meets the rule every JSON body meets
 * (server/input-guard.ts): a NUL or an unpaired surrogate is a 400 naming the field.
 */
export async function uploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart())
    throw new AdminError("unsupported_media", "validation", "Send the images as multipart/form-data");
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGE_MAX_FILES } })) {
    const text =
      part.type === "file"
        ? { [part.fieldname]: { filename: part.filename } }
        : { [part.fieldname]: part.value };
    const field = findBadText(text);
    if (field !== undefined) throw badTextError(field);
    if (part.type === "file")
      files.push({ filename: (part.filename || "image").slice(0, 200), buffer: await part.toBuffer() });
  }
  return files;
}

/**
 * The body limit of an upload route, checked against Content-Length before anything is read
 * (server/input-guard.ts): every file at its largest, and room for the multipart framing.
 */
export const uploadBodyLimit = (files: number) => files * IMAGE_MAX_BYTES + 64 * 1024;
