import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { ADMIN_SESSION_COOKIE, type AdminLogin, type AdminRole, type AdminUser } from "#core/admin.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import type { Config } from "../config.ts";
import {
  type AdminSessionRow,
  deleteAdminSession,
  deleteIdleAdminSessions,
  findAdminSession,
  insertAdminSession,
  touchAdminSession,
} from "../db/repositories/admin-sessions.ts";
import { findUserByEmail } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { AdminError } from "./admin-errors.ts";
import { isDemoOwnerLogin } from "./admin-owner.ts";
import { createRateLimiter } from "./rate-limit.ts";

/** The signed-in back-office user of a request, with its session. */
export interface AdminPrincipal {
  sessionId: string;
  user: AdminUser;
  csrfToken: string;
  /** When the session ends if nothing else happens. */
  expiresAt: string;
}

/** Activity is written at most this often, so a page of parallel calls is not a burst of writes. */
const TOUCH_EVERY_MS = 60_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** The named cookie's value in a Cookie header (RFC 6265 pairs), or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index < 0) continue;
    if (pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim() || undefined;
  }
  return undefined;
}

/** Constant-time comparison of two tokens. */
export function sameToken(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Back-office sessions (issue 15; decision 0013): a random token in an httpOnly, SameSite=Strict cookie,
 * only its hash stored, revocable, ending after ADMIN_IDLE_MINUTES without a request. Never the
 * storefront's JWT: a shopper's token opens nothing here.
 */
export function createAdminSessions(db: Kysely<Database>, config: Config) {
  const idleMs = config.ADMIN_IDLE_MINUTES * 60_000;
  const secure = config.NODE_ENV === "production";
  const limits = createRateLimiter(db, {
    windowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
    perIp: config.AUTH_RATE_LIMIT_PER_IP,
    perIdentifier: config.AUTH_RATE_LIMIT_PER_IDENTIFIER,
  });
  let dummyHash: Promise<string> | undefined;

  function principal(row: AdminSessionRow, lastSeen: string): AdminPrincipal | null {
    if (row.role !== "staff" && row.role !== "owner") return null;
    return {
      sessionId: row.id,
      user: { id: row.userId, name: row.name, email: row.email, role: row.role as AdminRole },
      csrfToken: row.csrfToken,
      expiresAt: new Date(new Date(lastSeen).getTime() + idleMs).toISOString(),
    };
  }

  async function authenticate(token: string | undefined): Promise<AdminPrincipal | null> {
    if (!token || token.length > 200) return null;
    const id = sha256(token);
    const row = await findAdminSession(db, id);
    if (!row) return null;
    const now = Date.now();
    const cutoff = new Date(now - idleMs).toISOString();
    if (row.lastSeenAt <= cutoff) {
      await deleteAdminSession(db, id);
      return null;
    }
    let lastSeen = row.lastSeenAt;
    if (now - new Date(row.lastSeenAt).getTime() >= TOUCH_EVERY_MS) {
      lastSeen = new Date(now).toISOString();
      if (!(await touchAdminSession(db, id, lastSeen, cutoff))) return null;
    }
    return principal(row, lastSeen);
  }

  return {
    /** `Set-Cookie` for a new session token. */
    cookie(token: string): string {
      return `${ADMIN_SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
    },
    /** `Set-Cookie` that removes the session cookie. */
    clearCookie(): string {
      return `${ADMIN_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? "; Secure" : ""}`;
    },

    /**
     * POST /api/admin/login: rate-limited per client and per client and e-mail (as the storefront's); an
     * unknown e-mail costs the same hashing time as a wrong password. A customer's right password is
     * refused with 403: the back office is not theirs.
     */
    async login(
      input: AdminLogin,
      ctx: {
        ip: string;
        userAgent?: string;
        /** Issue 21: may the demo owner sign in from where this request came (server/locality.ts)? */
        demoOwnerAllowed: boolean;
      },
    ): Promise<{ token: string; principal: AdminPrincipal }> {
      await limits.check("admin-login", ctx.ip, input.email);
      await limits.slowDown("admin-login", input.email);
      const user = await findUserByEmail(db, input.email);
      let valid = false;
      if (user?.password_hash) valid = await verifyPassword(input.password, user.password_hash);
      else {
        dummyHash ??= hashPassword("not-a-real-password", config.PASSWORD_HASH_COST);
        await verifyPassword(input.password, await dummyHash);
      }
      if (!user || !valid) {
        await limits.fail("admin-login", input.email);
        throw new AdminError(
          "unauthenticated",
          "invalid_credentials",
          "The e-mail or password is not right.",
        );
      }
      if (user.role !== "staff" && user.role !== "owner")
        throw new AdminError("forbidden", "forbidden", "This account has no access to the back office.");
      // Issue 21: the demo owner (its password printed to the server's log, or the one README once
      // published) signs in only on this machine, after the right password, so nobody learns it exists.
      if (!ctx.demoOwnerAllowed && (await isDemoOwnerLogin(db, user.id, input.password)))
        throw new AdminError(
          "forbidden",
          "demo_owner_local_only",
          "The demo owner can sign in only on the shop's own computer (localhost). Make the shop's owner with npm run admin:create, or set ALLOW_PUBLIC_DEMO_OWNER=true on a staging site.",
        );
      await limits.reset("admin-login", input.email, ctx.ip);
      const token = randomBytes(32).toString("base64url");
      const now = new Date().toISOString();
      if (Math.random() < 0.05)
        await deleteIdleAdminSessions(db, new Date(Date.now() - idleMs).toISOString());
      await insertAdminSession(db, {
        id: sha256(token),
        user_id: user.id,
        csrf_token: randomBytes(32).toString("base64url"),
        created_at: now,
        last_seen_at: now,
        ip: ctx.ip,
        user_agent: ctx.userAgent?.slice(0, 300) ?? null,
      });
      const session = await authenticate(token);
      if (!session) throw new Error("A new back-office session could not be read back");
      return { token, principal: session };
    },

    authenticate,

    /** For /admin page loaders (SSR): the session of a request's Cookie header, or null. */
    async fromCookieHeader(header: string | null | undefined): Promise<AdminPrincipal | null> {
      return authenticate(cookieValue(header, ADMIN_SESSION_COOKIE));
    },

    async logout(sessionId: string): Promise<void> {
      await deleteAdminSession(db, sessionId);
    },
  };
}

export type AdminSessions = ReturnType<typeof createAdminSessions>;
