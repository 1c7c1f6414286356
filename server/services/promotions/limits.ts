import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { pluralCategory, t } from "#core/i18n/index.ts";
import { countHit, peekHits } from "../../db/repositories/codes.ts";
import type { Database } from "../../db/schema.ts";
import { HttpError } from "../../http-errors.ts";

/** Unknown codes one client, or one account, may try per window before code attempts are refused. */
export const CODE_GUESSES_PER_WINDOW = 10;
export const CODE_GUESS_WINDOW_SECONDS = 15 * 60;

/**
 * Code attempts rate-limited per client and per account (issue 28; decision 0038), counted in the
 * database like the log-in limits (decision 0002) so every process shares them. Only unknown codes count
 * (a guess); a shopper re-pricing her cart with a good code is never counted, but once a client or an
 * account has guessed too often, every code attempt of it is refused (429, Retry-After) until the window
 * ends.
 */
export function createCodeAttemptLimiter(db: Kysely<Database>) {
  const windowMs = CODE_GUESS_WINDOW_SECONDS * 1000;
  const hashed = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 32);
  const keys = (ip: string | undefined, userId: string | undefined) => [
    ...(ip ? [`promo:ip:${hashed(ip)}`] : []),
    ...(userId ? [`promo:user:${hashed(userId)}`] : []),
  ];

  return {
    /** Refuses when this client or account has used up its guesses. */
    async before(ip: string | undefined, userId: string | undefined): Promise<void> {
      const now = Date.now();
      const cutoff = new Date(now - windowMs).toISOString();
      for (const key of keys(ip, userId)) {
        if ((await peekHits(db, key, cutoff)) < CODE_GUESSES_PER_WINDOW) continue;
        const minutes = Math.ceil(CODE_GUESS_WINDOW_SECONDS / 60);
        throw new HttpError(
          429,
          "rate_limited",
          t(`limit.tooMany.${pluralCategory("en", minutes) === "one" ? "one" : "other"}`, { count: minutes }),
          { "retry-after": String(CODE_GUESS_WINDOW_SECONDS) },
        );
      }
    },
    /** Counts one unknown code for this client and account. */
    async failed(ip: string | undefined, userId: string | undefined): Promise<void> {
      const now = new Date();
      const cutoff = new Date(now.getTime() - windowMs).toISOString();
      for (const key of keys(ip, userId)) await countHit(db, key, now.toISOString(), cutoff);
    },
  };
}
