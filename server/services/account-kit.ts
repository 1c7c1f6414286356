import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { t } from "#core/i18n/index.ts";
import type { Locale } from "#core/locale.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { type AppKeys, loadAppKeys } from "../auth/secret.ts";
import { createSessionTokens } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import { consumeCode, findCode, replaceCode, takeAttempt } from "../db/repositories/codes.ts";
import { createUser, findUserById, type UserRow, uniqueViolation } from "../db/repositories/users.ts";
import type { CodePurpose, Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { GoogleVerifier } from "../integrations/google.ts";
import type { Mailer } from "../integrations/mail.ts";
import { codeMail } from "./account-mail.ts";
import { DomainError } from "./errors.ts";
import { createRateLimiter } from "./rate-limit.ts";

/** One-time codes (issue 4): 6 digits, valid 10 minutes; 5 guesses per client and address per window. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

/** Who is asking: the client address the rate limits count. */
export interface RequestContext {
  ip: string;
}

export interface AccountsDeps {
  db: Kysely<Database>;
  config: Pick<
    Config,
    | "JWT_SECRET"
    | "SESSION_TTL_DAYS"
    | "PASSWORD_HASH_COST"
    | "OTP_RESEND_SECONDS"
    | "AUTH_RATE_WINDOW_SECONDS"
    | "AUTH_RATE_LIMIT_PER_IP"
    | "AUTH_RATE_LIMIT_PER_IDENTIFIER"
    | "SHOP_NAME"
    | "SHOP_NAME_AR"
  >;
  mailer: Mailer;
  google: GoogleVerifier;
  log: FastifyBaseLogger;
}

/** A message for the shopper plus the call's own fields. */
export type Answer<T extends object = object> = { message: string } & T;

export const nowIso = () => new Date().toISOString();

/**
 * What every part of the accounts service shares (issue 23 split it out of accounts.ts): rate limits,
 * session tokens, one-time codes, background work and the new-account and conflict rules.
 */
export function createAccountKit(deps: AccountsDeps) {
  const { db, config, mailer, log } = deps;
  const limits = createRateLimiter(db, {
    windowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
    perIp: config.AUTH_RATE_LIMIT_PER_IP,
    perIdentifier: config.AUTH_RATE_LIMIT_PER_IDENTIFIER,
  });

  let keysPromise: Promise<AppKeys> | undefined;
  const keys = () => {
    keysPromise ??= loadAppKeys(db, config.JWT_SECRET).catch((error: unknown) => {
      keysPromise = undefined;
      throw error;
    });
    return keysPromise;
  };
  const tokens = createSessionTokens(async () => (await keys()).session, config.SESSION_TTL_DAYS);

  /** A hash to check against when there is no account, so a miss costs the same time as a wrong password. */
  let dummyHash: Promise<string> | undefined;
  const burnPasswordCheck = async (password: string) => {
    dummyHash ??= hashPassword("not-a-real-password", config.PASSWORD_HASH_COST);
    await verifyPassword(password, await dummyHash);
  };

  /** Work that outlives its request (forgot-password lookups), awaited by idle(). */
  const background = new Set<Promise<unknown>>();
  function inBackground(work: () => Promise<unknown>) {
    const job = work()
      .catch((error: unknown) => log.error({ err: error }, "account background work failed"))
      .finally(() => background.delete(job));
    background.add(job);
  }

  async function codeHash(purpose: CodePurpose, identifier: string, code: string): Promise<string> {
    return createHmac("sha256", (await keys()).codes)
      .update(`${purpose}:${identifier}:${code}`)
      .digest("hex");
  }

  /**
   * Sends a fresh code to the address, unless one went out within OTP_RESEND_SECONDS (then false).
   * The code is stored hashed; the mail goes through the outbox.
   */
  async function issueCode(
    user: UserRow,
    purpose: CodePurpose,
    email: string,
    locale: Locale = user.language,
  ): Promise<boolean> {
    const existing = await findCode(db, purpose, email);
    const now = Date.now();
    if (existing && now - new Date(existing.last_sent_at).getTime() < config.OTP_RESEND_SECONDS * 1000) {
      return false;
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const at = new Date(now).toISOString();
    await replaceCode(db, {
      id: newId(),
      user_id: user.id,
      purpose,
      identifier: email,
      code_hash: await codeHash(purpose, email, code),
      expires_at: new Date(now + CODE_TTL_MS).toISOString(),
      attempts: 0,
      consumed_at: null,
      last_sent_at: at,
      created_at: at,
    });
    const shopName = locale === "ar" ? (config.SHOP_NAME_AR ?? config.SHOP_NAME) : config.SHOP_NAME;
    await mailer.send(codeMail({ kind: purpose, to: email, code, shopName, locale }));
    return true;
  }

  /**
   * Checks a code. Every failure (no account, no code, another account's code, used, expired, wrong)
   * is the same 400 with the same text, the code compared in constant time even when there is none, so
   * the answer tells nothing about the account; guesses are limited per client (CODE_MAX_ATTEMPTS per client and address, counted before
   * the comparison), never per code, so a stranger cannot spend the owner's code.
   */
  async function useCode(
    user: UserRow | undefined,
    purpose: CodePurpose,
    email: string,
    otp: string,
  ): Promise<UserRow> {
    const row = await findCode(db, purpose, email);
    const given = Buffer.from(await codeHash(purpose, email, otp), "hex");
    const expected = Buffer.from(row?.code_hash ?? "00".repeat(given.length), "hex");
    const matches = expected.length === given.length && timingSafeEqual(expected, given);
    const now = nowIso();
    const live =
      user !== undefined &&
      row !== undefined &&
      row.user_id === user.id &&
      row.consumed_at === null &&
      row.expires_at > now;
    if (row) await takeAttempt(db, row.id, now);
    if (!live || !matches || !(await consumeCode(db, row.id, now))) {
      throw new DomainError("invalid", "code_invalid", t("auth.otpMissing"));
    }
    return user;
  }

  async function session(user: UserRow): Promise<string> {
    return tokens.sign({ userId: user.id, version: Number(user.session_version) });
  }

  async function userOrThrow(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError("unauthenticated", "session_expired", t("session.invalid"));
    return user;
  }

  function conflict(error: unknown, messages: { email: string; phone: string }): never {
    const column = uniqueViolation(error);
    if (column === "email") throw new DomainError("conflict", "email_taken", messages.email);
    if (column === "phone") throw new DomainError("conflict", "phone_taken", messages.phone);
    if (column === "google_sub")
      throw new DomainError("conflict", "google_account_taken", t("auth.google.otherGoogle"));
    throw error;
  }

  /**
   * A new account (sign-up, or a first Google sign-in): a fresh id, no session ended yet. A unique
   * e-mail or phone taken meanwhile by another request is the same 409 as the checks before it.
   */
  async function addUser(
    fields: Pick<
      UserRow,
      "name" | "email" | "email_verified" | "phone" | "password_hash" | "google_sub" | "language"
    >,
  ): Promise<UserRow> {
    const now = nowIso();
    const user: UserRow = { id: newId(), ...fields, session_version: 0, created_at: now, updated_at: now };
    try {
      await createUser(db, user);
    } catch (error) {
      conflict(error, { email: t("auth.emailTaken"), phone: t("auth.phoneTaken") });
    }
    return user;
  }

  return {
    ...deps,
    limits,
    tokens,
    background,
    burnPasswordCheck,
    inBackground,
    issueCode,
    useCode,
    session,
    userOrThrow,
    conflict,
    addUser,
  };
}

export type AccountKit = ReturnType<typeof createAccountKit>;
