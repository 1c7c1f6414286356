import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from "jose";

/** What a verified Google ID token tells about the shopper. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

export type GoogleVerifyFailure = "not-configured" | "invalid" | "email-unverified" | "unavailable";

export class GoogleVerifyError extends Error {
  readonly reason: GoogleVerifyFailure;
  constructor(reason: GoogleVerifyFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export interface GoogleVerifier {
  readonly configured: boolean;
  verify(credential: string): Promise<GoogleIdentity>;
}

export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

/**
 * Checks a Google Identity Services ID token: signature against Google's key set (fetched from
 * GOOGLE_JWKS_URL and cached by jose, or a local GOOGLE_JWKS_JSON for tests), audience = our client id,
 * issuer, expiry, and a verified e-mail.
 */
export function createGoogleVerifier(options: {
  clientId: string | undefined;
  jwksUrl: string;
  jwksJson: string | undefined;
}): GoogleVerifier {
  const { clientId } = options;
  let keys: JWTVerifyGetKey | undefined;
  const keySet = () => {
    keys ??= options.jwksJson
      ? createLocalJWKSet(JSON.parse(options.jwksJson) as JSONWebKeySet)
      : createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    return keys;
  };

  return {
    configured: Boolean(clientId),
    async verify(credential) {
      if (!clientId) throw new GoogleVerifyError("not-configured", "GOOGLE_CLIENT_ID is not set");
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(credential, keySet(), {
          audience: clientId,
          issuer: GOOGLE_ISSUERS,
          algorithms: ["RS256", "ES256"],
          requiredClaims: ["sub", "exp", "iat"],
          clockTolerance: 30,
        }));
      } catch (error) {
        // A key set that cannot be fetched is our problem (503), anything else is a bad token (401).
        const ours = error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError);
        throw new GoogleVerifyError(ours ? "unavailable" : "invalid", (error as Error).message, {
          cause: error,
        });
      }
      const sub = payload.sub;
      const email = payload.email;
      if (typeof sub !== "string" || typeof email !== "string" || !email.includes("@")) {
        throw new GoogleVerifyError("invalid", "the token carries no subject or e-mail");
      }
      if (payload.email_verified !== true && payload.email_verified !== "true") {
        throw new GoogleVerifyError("email-unverified", "Google has not verified this e-mail");
      }
      const given = [payload.given_name, payload.family_name].filter((v) => typeof v === "string").join(" ");
      const name =
        (typeof payload.name === "string" && payload.name.trim()) || given.trim() || email.split("@")[0]!;
      return { sub, email: email.trim().toLowerCase(), name: name.slice(0, 100) };
    },
  };
}
