import { jwtVerify, SignJWT } from "jose";

const ISSUER = "noor-atelier-store";

export interface SessionClaims {
  userId: string;
  /** The account's session_version when the token was made. */
  version: number;
}

/** How many verified tokens a process remembers (a shopper's token is checked on every call). */
const VERIFIED_LIMIT = 10_000;

/** Session tokens (SPEC §6: sent in the `token` header): HS256 JWTs via jose. */
export function createSessionTokens(getKey: () => Promise<Uint8Array>, ttlDays: number) {
  // A token's signature is checked once per process: the key never changes while it runs, so the same
  // string verifies the same way until its expiry, which is still checked on every use. (A WebCrypto
  // HMAC costs more than the rest of an authenticated call's token handling; see decision 0014.) The
  // account's session version is read from the database on every call, as before, so ending an account's
  // sessions still takes effect at once.
  const verified = new Map<string, { claims: SessionClaims; expiresAt: number }>();
  return {
    async sign(claims: SessionClaims): Promise<string> {
      return new SignJWT({ sv: claims.version })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlDays}d`)
        .sign(await getKey());
    },

    /** The claims of a genuine, unexpired token; undefined for anything else. */
    async verify(token: string): Promise<SessionClaims | undefined> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await getKey(), {
          algorithms: ["HS256"],
          issuer: ISSUER,
          requiredClaims: ["sub", "exp", "iat"],
        });
        if (typeof payload.sub !== "string" || typeof payload.sv !== "number") return undefined;
        const claims = { userId: payload.sub, version: payload.sv };
        if (verified.size >= VERIFIED_LIMIT) verified.clear();
        verified.set(token, { claims, expiresAt: payload.exp! * 1000 });
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}

export const SESSION_TOKEN_ISSUER = ISSUER;
