import { jwtVerify, SignJWT } from "jose";

const ISSUER = "noor-atelier-store";

export interface SessionClaims {
  userId: string;
  /** The account's session_version when the token was made. */
  version: number;
}

/** Session tokens (SPEC §6: sent in the `token` header): HS256 JWTs via jose. */
export function createSessionTokens(getKey: () => Promise<Uint8Array>, ttlDays: number) {
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
      try {
        const { payload } = await jwtVerify(token, await getKey(), {
          algorithms: ["HS256"],
          issuer: ISSUER,
          requiredClaims: ["sub", "exp", "iat"],
        });
        if (typeof payload.sub !== "string" || typeof payload.sv !== "number") return undefined;
        return { userId: payload.sub, version: payload.sv };
      } catch {
        return undefined;
      }
    },
  };
}

export const SESSION_TOKEN_ISSUER = ISSUER;
