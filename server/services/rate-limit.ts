import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { t } from "#core/i18n/index.ts";
import { clearHits, countHit, pruneHits } from "../db/repositories/codes.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http-errors.ts";

export interface RateLimitOptions {
  windowSeconds: number;
  perIp: number;
  perIdentifier: number;
}

/**
 * Endpoint groups counted separately: log-in (password and Google), one-time codes, sign-up, and the
 * contact and stitching forms (issue 12).
 */
export type LimitGroup = "login" | "code" | "register" | "contact" | "stitching";

/**
 * Rate limits for the log-in and code endpoints, per client address and per identifier (e-mail, phone
 * or account), counted in the database so every app process shares them. Identifiers are kept hashed.
 * Hitting a limit is a 429 with a sentence saying how long to wait, and Retry-After.
 */
export function createRateLimiter(db: Kysely<Database>, options: RateLimitOptions) {
  const windowMs = options.windowSeconds * 1000;

  async function hit(key: string, limit: number): Promise<void> {
    const now = new Date();
    const cutoff = new Date(now.getTime() - windowMs).toISOString();
    const { count, windowStart } = await countHit(db, key, now.toISOString(), cutoff);
    if (Math.random() < 0.01) await pruneHits(db, cutoff);
    if (count <= limit) return;
    const retryAfter = Math.max(
      1,
      Math.ceil((new Date(windowStart).getTime() + windowMs - now.getTime()) / 1000),
    );
    const minutes = Math.ceil(retryAfter / 60);
    throw new HttpError(
      429,
      minutes <= 1 ? t("limit.tooManyMinute") : t("limit.tooManyMinutes", { minutes }),
      { "retry-after": String(retryAfter) },
    );
  }

  const identifierKey = (group: LimitGroup, identifier: string) =>
    `${group}:id:${createHash("sha256").update(identifier).digest("base64url").slice(0, 32)}`;

  return {
    /** Counts one attempt from this client address and, when given, for this identifier. */
    async check(group: LimitGroup, ip: string, identifier?: string): Promise<void> {
      await hit(`${group}:ip:${ip}`, options.perIp);
      if (identifier !== undefined) await hit(identifierKey(group, identifier), options.perIdentifier);
    },
    /** Forgets an identifier's failures, e.g. after a successful log-in. */
    async reset(group: LimitGroup, identifier: string): Promise<void> {
      await clearHits(db, identifierKey(group, identifier));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
