import { t } from "#core/i18n/index.ts";
import type { GoogleLoginInput, UserDto } from "#core/schemas/account.schema.ts";
import {
  findUserByEmail,
  findUserByGoogleSub,
  findUserByPhone,
  toUserDto,
  updateUser,
} from "../db/repositories/users.ts";
import { type GoogleVerifier, GoogleVerifyError } from "../integrations/google.ts";
import type { AccountKit, Answer, RequestContext } from "./account-kit.ts";
import { DomainError } from "./errors.ts";

/**
 * SPEC §7 POST /api/user/google-login. A verified Google e-mail signs in the account linked to that
 * Google account, or links the account with the same e-mail, or (with signupAllowed and a phone)
 * creates one. An account holding the e-mail without having verified it is taken over by the
 * mailbox's proven owner: its password is dropped and its sessions end, so a squatter keeps nothing.
 */
export async function googleLogin(
  kit: AccountKit,
  input: GoogleLoginInput,
  ctx: RequestContext,
): Promise<Answer<{ token: string; user: UserDto; created: boolean }>> {
  const { db, google, log, limits, session, userOrThrow, conflict, addUser } = kit;
  if (!google.configured)
    throw new DomainError("unavailable", "google_not_configured", t("auth.google.notConfigured"));
  await limits.check("login", ctx.ip);
  let identity: Awaited<ReturnType<GoogleVerifier["verify"]>>;
  try {
    identity = await google.verify(input.credential);
  } catch (error) {
    if (!(error instanceof GoogleVerifyError)) throw error;
    log.info({ reason: error.reason, detail: error.message }, "Google sign-in refused");
    if (error.reason === "not-configured")
      throw new DomainError("unavailable", "google_not_configured", t("auth.google.notConfigured"));
    if (error.reason === "unavailable")
      throw new DomainError("unavailable", "google_unavailable", t("auth.google.unavailable"));
    if (error.reason === "email-unverified")
      throw new DomainError("unauthenticated", "google_email_unverified", t("auth.google.emailUnverified"));
    throw new DomainError("unauthenticated", "google_invalid", t("auth.google.invalid"));
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
      throw new DomainError("conflict", "google_account_taken", t("auth.google.otherGoogle"));
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

  if (!input.signupAllowed)
    throw new DomainError("not_found", "google_no_account", t("auth.google.noAccount"));
  if (!input.phone) throw new DomainError("invalid", "phone_required", t("auth.google.phoneRequired"));
  if (await findUserByPhone(db, input.phone))
    throw new DomainError("conflict", "phone_taken", t("auth.phoneTaken"));
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
}
