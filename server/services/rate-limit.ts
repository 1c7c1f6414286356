import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import { pluralCategory, t } from "#core/i18n/index.ts";
import { clearHits, countHit, peekHits, pruneHits } from "../db/repositories/codes.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "./errors.ts";

export interface RateLimitOptions {
  windowSeconds: number;
  perIp: number;
  /** Attempts one client may make at one account (e-mail, phone or user) per window. */
  perIdentifier: number;
}

/**
 * Endpoint groups counted separately: log-in (password and Google), requests for codes, guesses at
 * codes, sign-up, and the contact and stitching forms (issue 12).
 */
export type LimitGroup =
  | "login"
  | "code"
  | "otp"
  | "register"
  | "contact"
  | "stitching"
  // The back office's log-in (issue 15), counted apart from the storefront's.
  | "admin-login";

/** How much an account's recent failures from every client slow the next attempt (issue 8). */
export const SLOW_DOWN_STEP_MS = 500;
export const SLOW_DOWN_MAX_MS = 4000;

/**
 * Rate limits for the log-in and code endpoints (decision 0002), counted in the database so every app
 * process shares them; identifiers are kept hashed. A client is refused (429 with a sentence saying how
 * long to wait, and Retry-After) after too many attempts in all, or at one account. An account is never
 * refused as a whole, since then anyone could lock its owner out: its failures from every client only
 * slow the next attempt down, so spreading guesses over many addresses stays expensive while the owner,
 * from a client in good standing, still gets in.
 */
export function createRateLimiter(db: Kysely<Database>, options: RateLimitOptions) {
  const windowMs = options.windowSeconds * 1000;
  const cutoff = (now: Date) => new Date(now.getTime() - windowMs).toISOString();

  async function hit(key: string, limit: number): Promise<void> {
    const now = new Date();
    const { count, windowStart } = await countHit(db, key, now.toISOString(), cutoff(now));
    if (Math.random() < 0.01) await pruneHits(db, cutoff(now));
    if (count <= limit) return;
    const retryAfter = Math.max(
      1,
      Math.ceil((new Date(windowStart).getTime() + windowMs - now.getTime()) / 1000),
    );
    const minutes = Math.ceil(retryAfter / 60);
    throw new DomainError(
      "rate_limited",
      "rate_limited",
      t(`limit.tooMany.${pluralCategory("en", minutes) === "one" ? "one" : "other"}`, { count: minutes }),
      { retryAfterSeconds: retryAfter },
    );
  }

  const hashed = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 32);
  const pairKey = (group: LimitGroup, ip: string, identifier: string) =>
    `${group}:pair:${hashed(`${ip}\u0000${identifier}`)}`;
  const failureKey = (group: LimitGroup, identifier: string) => `${group}:fail:${hashed(identifier)}`;

  return {
    /**
     * Counts one attempt from this client and, when an identifier is given, from this client at that
     * account; `perPair` overrides the pair's limit (code guesses get fewer than log-ins).
     */
    async check(group: LimitGroup, ip: string, identifier?: string, perPair?: number): Promise<void> {
      await hit(`${group}:ip:${ip}`, options.perIp);
      if (identifier !== undefined) {
        await hit(pairKey(group, ip, identifier), perPair ?? options.perIdentifier);
      }
    },
    /**
     * Waits while the account has had more failures than one client may make, longer for each one past
     * that (up to SLOW_DOWN_MAX_MS). It runs before the password is checked, so the wait says nothing
     * about whether the password is right.
     */
    async slowDown(group: LimitGroup, identifier: string): Promise<number> {
      const failures = await peekHits(db, failureKey(group, identifier), cutoff(new Date()));
      const excess = failures - options.perIdentifier;
      if (excess <= 0) return 0;
      const ms = Math.min(excess * SLOW_DOWN_STEP_MS, SLOW_DOWN_MAX_MS);
      await sleep(ms);
      return ms;
    },
    /** Records a failed attempt at the account, from whichever client. */
    async fail(group: LimitGroup, identifier: string): Promise<void> {
      const now = new Date();
      await countHit(db, failureKey(group, identifier), now.toISOString(), cutoff(now));
    },
    /** Forgets the account's failures and this client's attempts at it, e.g. after a successful log-in. */
    async reset(group: LimitGroup, identifier: string, ip?: string): Promise<void> {
      await clearHits(db, failureKey(group, identifier));
      if (ip !== undefined) await clearHits(db, pairKey(group, ip, identifier));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
