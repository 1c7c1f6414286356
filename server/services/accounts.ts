import { t } from "#core/i18n/index.ts";
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
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  toUserDto,
  type UserRow,
  updateUser,
} from "../db/repositories/users.ts";
import { googleLogin } from "./account-google.ts";
import {
  type AccountsDeps,
  type Answer,
  CODE_MAX_ATTEMPTS,
  createAccountKit,
  type RequestContext,
} from "./account-kit.ts";
import { DomainError } from "./errors.ts";

export { type AccountsDeps, CODE_MAX_ATTEMPTS, CODE_TTL_MS, type RequestContext } from "./account-kit.ts";

/**
 * Accounts and identity (issue 4; SPEC §4 session, login, signup, social signup, forgot password; §5;
 * §7 user calls; §8). Every failure is a DomainError whose message a screen shows. The shared parts
 * (limits, tokens, codes) are in account-kit.ts, Google sign-in in account-google.ts.
 */
export function createAccountsService(deps: AccountsDeps) {
  const kit = createAccountKit(deps);
  const { db, config, mailer, limits, tokens, background } = kit;
  const { burnPasswordCheck, inBackground, issueCode, useCode, session, userOrThrow, conflict, addUser } =
    kit;

  return {
    /** SPEC §7 POST /api/user/register. An account with an e-mail gets a code to verify it. */
    async register(input: RegisterInput, ctx: RequestContext): Promise<Answer> {
      await limits.check("register", ctx.ip);
      if (input.email && (await findUserByEmail(db, input.email))) {
        throw new DomainError("conflict", "email_taken", t("auth.emailTaken"));
      }
      if (await findUserByPhone(db, input.phone))
        throw new DomainError("conflict", "phone_taken", t("auth.phoneTaken"));
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
      if (!identifier) throw new DomainError("invalid", "validation", t("field.identifierInvalid"));
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
        throw new DomainError("unauthenticated", "invalid_credentials", t("auth.invalidCredentials"));
      }
      if (!(await verifyPassword(input.password, user.password_hash))) {
        await limits.fail("login", key);
        throw new DomainError("unauthenticated", "invalid_credentials", t("auth.invalidCredentials"));
      }
      if (needsRehash(user.password_hash, config.PASSWORD_HASH_COST)) {
        await updateUser(db, user.id, {
          password_hash: await hashPassword(input.password, config.PASSWORD_HASH_COST),
        });
      }
      if (user.email && !user.email_verified) {
        const sent = await issueCode(user, "verify-email", user.email, input.language ?? user.language);
        throw new DomainError(
          "forbidden",
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

    /** SPEC §7 POST /api/user/google-login (account-google.ts). */
    googleLogin(input: GoogleLoginInput, ctx: RequestContext) {
      return googleLogin(kit, input, ctx);
    },

    /**
     * The account behind a session token (the `token` header). A missing token, a forged or expired one,
     * or one issued before the account's sessions were ended is a 401.
     */
    async authenticate(token: string | undefined): Promise<UserRow> {
      if (!token) throw new DomainError("unauthenticated", "unauthorized", t("session.required"));
      const claims = await tokens.verify(token);
      if (!claims) throw new DomainError("unauthenticated", "session_expired", t("session.invalid"));
      const user = await findUserById(db, claims.userId);
      if (!user || Number(user.session_version) !== claims.version) {
        throw new DomainError("unauthenticated", "session_expired", t("session.invalid"));
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
        if (other && other.id !== user.id)
          throw new DomainError("conflict", "email_taken", t("profile.emailTaken"));
      }
      if (input.phone !== user.phone) {
        const other = await findUserByPhone(db, input.phone);
        if (other && other.id !== user.id)
          throw new DomainError("conflict", "phone_taken", t("profile.phoneTaken"));
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
      if (!user.password_hash) throw new DomainError("invalid", "no_password", t("auth.noPasswordYet"));
      if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
        throw new DomainError("invalid", "current_password_wrong", t("auth.currentPasswordWrong"));
      }
      if (input.currentPassword === input.newPassword)
        throw new DomainError("invalid", "same_password", t("auth.samePassword"));
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
