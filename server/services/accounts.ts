import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { t } from "#core/i18n/index.ts";
import type { Locale } from "#core/locale.ts";
import {
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type GoogleLoginInput,
  type LoginInput,
  parseIdentifier,
  type RegisterInput,
  type ResetPasswordInput,
  type UpdateProfileInput,
  type UserDto,
  type VerifyEmailOtpInput,
} from "#core/schemas/account.schema.ts";
import { hashPassword, needsRehash, verifyPassword } from "../auth/passwords.ts";
import { type AppKeys, loadAppKeys } from "../auth/secret.ts";
import { createSessionTokens } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import { consumeCode, findCode, replaceCode, takeAttempt } from "../db/repositories/codes.ts";
import {
  createUser,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  findUserByPhone,
  toUserDto,
  type UserRow,
  uniqueViolation,
  updateUser,
} from "../db/repositories/users.ts";
import type { CodePurpose, Database } from "../db/schema.ts";
import { HttpError } from "../http-errors.ts";
import { newId } from "../ids.ts";
import { type GoogleVerifier, GoogleVerifyError } from "../integrations/google.ts";
import type { Mailer } from "../integrations/mail.ts";
import { codeMail } from "./account-mail.ts";
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
  >;
  mailer: Mailer;
  google: GoogleVerifier;
  log: FastifyBaseLogger;
}

/** A message for the shopper plus the call's own fields. */
type Answer<T extends object = object> = { message: string } & T;

const nowIso = () => new Date().toISOString();

/**
 * Accounts and identity (issue 4; SPEC §4 session, login, signup, social signup, forgot password; §5;
 * §7 user calls; §8). Every failure is an HttpError whose message a screen shows.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db, config, mailer, google, log } = deps;
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
    await mailer.send(codeMail({ kind: purpose, to: email, code, shopName: config.SHOP_NAME, locale }));
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
      throw new HttpError(400, "code_invalid", t("auth.otpMissing"));
    }
    return user;
  }

  async function session(user: UserRow): Promise<string> {
    return tokens.sign({ userId: user.id, version: Number(user.session_version) });
  }

  async function userOrThrow(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new HttpError(401, "session_expired", t("session.invalid"));
    return user;
  }

  function conflict(error: unknown, messages: { email: string; phone: string }): never {
    const column = uniqueViolation(error);
    if (column === "email") throw new HttpError(409, "email_taken", messages.email);
    if (column === "phone") throw new HttpError(409, "phone_taken", messages.phone);
    if (column === "google_sub")
      throw new HttpError(409, "google_account_taken", t("auth.google.otherGoogle"));
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
    /** SPEC §7 POST /api/user/register. An account with an e-mail gets a code to verify it. */
    async register(input: RegisterInput, ctx: RequestContext): Promise<Answer> {
      await limits.check("register", ctx.ip);
      if (input.email && (await findUserByEmail(db, input.email))) {
        throw new HttpError(409, "email_taken", t("auth.emailTaken"));
      }
      if (await findUserByPhone(db, input.phone))
        throw new HttpError(409, "phone_taken", t("auth.phoneTaken"));
      const user = await addUser({
        name: input.name,
        email: input.email ?? null,
        email_verified: false,
        phone: input.phone,
        password_hash: await hashPassword(input.password, config.PASSWORD_HASH_COST),
        google_sub: null,
        language: input.language,
      });
      if (!user.email) return { message: t("auth.registeredNoEmail") };
      await issueCode(user, "verify-email", user.email);
      return { message: t("auth.registered", { email: user.email }) };
    },

    /**
     * SPEC §7 POST /api/user/login with an e-mail or a phone number. An account whose e-mail is not
     * verified gets 403 with 'verify your email before logging in' and a fresh code (at most one a minute).
     */
    async login(input: LoginInput, ctx: RequestContext): Promise<Answer<{ token: string; user: UserDto }>> {
      const identifier = parseIdentifier(input.identifier);
      if (!identifier) throw new HttpError(400, "validation", t("field.identifierInvalid"));
      const key = identifier.kind === "email" ? identifier.email : identifier.phone;
      await limits.check("login", ctx.ip, key);
      await limits.slowDown("login", key);
      const user =
        identifier.kind === "email"
          ? await findUserByEmail(db, identifier.email)
          : await findUserByPhone(db, identifier.phone);
      if (!user?.password_hash) {
        await burnPasswordCheck(input.password);
        await limits.fail("login", key);
        throw new HttpError(401, "invalid_credentials", t("auth.invalidCredentials"));
      }
      if (!(await verifyPassword(input.password, user.password_hash))) {
        await limits.fail("login", key);
        throw new HttpError(401, "invalid_credentials", t("auth.invalidCredentials"));
      }
      if (needsRehash(user.password_hash, config.PASSWORD_HASH_COST)) {
        await updateUser(db, user.id, {
          password_hash: await hashPassword(input.password, config.PASSWORD_HASH_COST),
        });
      }
      if (user.email && !user.email_verified) {
        const sent = await issueCode(user, "verify-email", user.email, input.language ?? user.language);
        throw new HttpError(
          403,
          "email_unverified",
          sent
            ? t("auth.unverified", { email: user.email })
            : t("auth.unverifiedRecent", { email: user.email }),
        );
      }
      await limits.reset("login", key, ctx.ip);
      return {
        message: t("auth.loggedIn", { name: user.name }),
        token: await session(user),
        user: toUserDto(user),
      };
    },

    /** SPEC §7 POST /api/user/verify-email-otp. */
    async verifyEmailOtp(input: VerifyEmailOtpInput, ctx: RequestContext): Promise<Answer> {
      await limits.check("otp", ctx.ip, input.email, CODE_MAX_ATTEMPTS);
      const user = await useCode(
        await findUserByEmail(db, input.email),
        "verify-email",
        input.email,
        input.otp,
      );
      await updateUser(db, user.id, { email_verified: true });
      return { message: t("auth.otpVerified") };
    },

    /**
     * SPEC §7 POST /api/user/forgot-password. The answer is the same whether or not the address has an
     * account, and it comes before the lookup and the mail, so its timing tells nothing either.
     */
    async forgotPassword(input: ForgotPasswordInput, ctx: RequestContext): Promise<Answer> {
      await limits.check("code", ctx.ip, input.email);
      inBackground(async () => {
        const user = await findUserByEmail(db, input.email);
        if (user) await issueCode(user, "reset-password", input.email, input.language ?? user.language);
      });
      return { message: t("auth.resetSent", { email: input.email }) };
    },

    /**
     * SPEC §7 POST /api/user/reset-password. The code proves the mailbox, so the e-mail counts as
     * verified afterwards; every session of the account ends.
     */
    async resetPassword(input: ResetPasswordInput, ctx: RequestContext): Promise<Answer> {
      await limits.check("otp", ctx.ip, input.email, CODE_MAX_ATTEMPTS);
      const user = await useCode(
        await findUserByEmail(db, input.email),
        "reset-password",
        input.email,
        input.otp,
      );
      await updateUser(
        db,
        user.id,
        {
          password_hash: await hashPassword(input.newPassword, config.PASSWORD_HASH_COST),
          email_verified: true,
        },
        { endSessions: true },
      );
      await limits.reset("login", input.email);
      return { message: t("auth.resetDone") };
    },

    /**
     * SPEC §7 POST /api/user/google-login. A verified Google e-mail signs in the account linked to that
     * Google account, or links the account with the same e-mail, or (with signupAllowed and a phone)
     * creates one. An account holding the e-mail without having verified it is taken over by the
     * mailbox's proven owner: its password is dropped and its sessions end, so a squatter keeps nothing.
     */
    async googleLogin(
      input: GoogleLoginInput,
      ctx: RequestContext,
    ): Promise<Answer<{ token: string; user: UserDto; created: boolean }>> {
      if (!google.configured)
        throw new HttpError(503, "google_not_configured", t("auth.google.notConfigured"));
      await limits.check("login", ctx.ip);
      let identity: Awaited<ReturnType<GoogleVerifier["verify"]>>;
      try {
        identity = await google.verify(input.credential);
      } catch (error) {
        if (!(error instanceof GoogleVerifyError)) throw error;
        log.info({ reason: error.reason, detail: error.message }, "Google sign-in refused");
        if (error.reason === "not-configured")
          throw new HttpError(503, "google_not_configured", t("auth.google.notConfigured"));
        if (error.reason === "unavailable")
          throw new HttpError(503, "google_unavailable", t("auth.google.unavailable"));
        if (error.reason === "email-unverified")
          throw new HttpError(401, "google_email_unverified", t("auth.google.emailUnverified"));
        throw new HttpError(401, "google_invalid", t("auth.google.invalid"));
      }

      const linked = await findUserByGoogleSub(db, identity.sub);
      if (linked) {
        return {
          message: t("auth.google.signedIn"),
          token: await session(linked),
          user: toUserDto(linked),
          created: false,
        };
      }

      const byEmail = await findUserByEmail(db, identity.email);
      if (byEmail) {
        if (byEmail.google_sub !== null)
          throw new HttpError(409, "google_account_taken", t("auth.google.otherGoogle"));
        const takeover = !byEmail.email_verified;
        try {
          await updateUser(
            db,
            byEmail.id,
            {
              google_sub: identity.sub,
              email_verified: true,
              ...(takeover ? { password_hash: null } : {}),
            },
            { endSessions: takeover },
          );
        } catch (error) {
          conflict(error, { email: t("profile.emailTaken"), phone: t("profile.phoneTaken") });
        }
        const user = await userOrThrow(byEmail.id);
        return {
          message: t("auth.google.signedIn"),
          token: await session(user),
          user: toUserDto(user),
          created: false,
        };
      }

      if (!input.signupAllowed) throw new HttpError(404, "google_no_account", t("auth.google.noAccount"));
      if (!input.phone) throw new HttpError(400, "phone_required", t("auth.google.phoneRequired"));
      if (await findUserByPhone(db, input.phone))
        throw new HttpError(409, "phone_taken", t("auth.phoneTaken"));
      const user = await addUser({
        name: identity.name,
        email: identity.email,
        email_verified: true,
        phone: input.phone,
        password_hash: null,
        google_sub: identity.sub,
        language: input.language,
      });
      return {
        message: t("auth.google.signedUp"),
        token: await session(user),
        user: toUserDto(user),
        created: true,
      };
    },

    /**
     * The account behind a session token (the `token` header). A missing token, a forged or expired one,
     * or one issued before the account's sessions were ended is a 401.
     */
    async authenticate(token: string | undefined): Promise<UserRow> {
      if (!token) throw new HttpError(401, "unauthorized", t("session.required"));
      const claims = await tokens.verify(token);
      if (!claims) throw new HttpError(401, "session_expired", t("session.invalid"));
      const user = await findUserById(db, claims.userId);
      if (!user || Number(user.session_version) !== claims.version) {
        throw new HttpError(401, "session_expired", t("session.invalid"));
      }
      return user;
    },

    /** SPEC §7 GET /api/user/profile. */
    profile(user: UserRow): UserDto {
      return toUserDto(user);
    },

    /**
     * SPEC §7 POST /api/user/update. A new e-mail must be verified again: a code goes to it, and the next
     * log-in asks for it.
     */
    async updateProfile(user: UserRow, input: UpdateProfileInput): Promise<Answer<{ user: UserDto }>> {
      const emailChanged = input.email !== user.email;
      if (emailChanged) {
        const other = await findUserByEmail(db, input.email);
        if (other && other.id !== user.id) throw new HttpError(409, "email_taken", t("profile.emailTaken"));
      }
      if (input.phone !== user.phone) {
        const other = await findUserByPhone(db, input.phone);
        if (other && other.id !== user.id) throw new HttpError(409, "phone_taken", t("profile.phoneTaken"));
      }
      try {
        await updateUser(db, user.id, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          ...(input.language ? { language: input.language } : {}),
          ...(emailChanged ? { email_verified: false } : {}),
        });
      } catch (error) {
        conflict(error, { email: t("profile.emailTaken"), phone: t("profile.phoneTaken") });
      }
      const updated = await userOrThrow(user.id);
      if (emailChanged) {
        await issueCode(updated, "verify-email", input.email);
        return { message: t("profile.updatedVerify", { email: input.email }), user: toUserDto(updated) };
      }
      return { message: t("profile.updated"), user: toUserDto(updated) };
    },

    /**
     * SPEC §7 POST /api/user/change-password. Every other session ends; the answer carries a new token
     * for this one. A wrong current password is a 400 (a 401 would end the shopper's session).
     */
    async changePassword(user: UserRow, input: ChangePasswordInput, ctx: RequestContext) {
      await limits.check("login", ctx.ip, `user:${user.id}`);
      if (!user.password_hash) throw new HttpError(400, "no_password", t("auth.noPasswordYet"));
      if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
        throw new HttpError(400, "current_password_wrong", t("auth.currentPasswordWrong"));
      }
      if (input.currentPassword === input.newPassword)
        throw new HttpError(400, "same_password", t("auth.samePassword"));
      await updateUser(
        db,
        user.id,
        { password_hash: await hashPassword(input.newPassword, config.PASSWORD_HASH_COST) },
        { endSessions: true },
      );
      await limits.reset("login", `user:${user.id}`, ctx.ip);
      const updated = await userOrThrow(user.id);
      return { message: t("auth.passwordChanged"), token: await session(updated) };
    },

    /** Resolves when background work (lookups, mail deliveries) has finished. */
    async idle(): Promise<void> {
      while (background.size > 0) await Promise.allSettled([...background]);
      await mailer.idle();
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
