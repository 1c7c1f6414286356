import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowResend, call, codeFromOutbox, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const CLIENT_ID = "1234567890-test.apps.googleusercontent.com";
const INVALID = "We could not verify your Google sign-in. Please try again.";

/** A key pair of our own standing in for Google's: tests never call Google. */
async function localGoogle() {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key-1", alg: "RS256", use: "sig" };
  let counter = 0;
  return {
    jwks: JSON.stringify({ keys: [jwk] }),
    /** An ID token as Google Identity Services hands it to the page. */
    async credential(
      claims: JWTPayload & { email?: string; email_verified?: boolean; name?: string } = {},
      options: { audience?: string; issuer?: string; expiresIn?: string | number; foreignKey?: boolean } = {},
    ) {
      counter += 1;
      return new SignJWT({
        email: `google${counter}@gmail.com`,
        email_verified: true,
        name: `Google Shopper ${counter}`,
        ...claims,
      })
        .setProtectedHeader({ alg: "RS256", kid: "test-key-1", typ: "JWT" })
        .setIssuer(options.issuer ?? "https://accounts.google.com")
        .setAudience(options.audience ?? CLIENT_ID)
        .setSubject(typeof claims.sub === "string" ? claims.sub : `google-sub-${counter}-${Date.now()}`)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? "1h")
        .sign(options.foreignKey ? other.privateKey : privateKey);
    },
  };
}

describe.each(TEST_ENGINES)("Google sign-in on $name", (engine) => {
  let store: TestStore;
  let google: Awaited<ReturnType<typeof localGoogle>>;

  beforeAll(async () => {
    google = await localGoogle();
    store = await createTestStore(engine, {
      env: { SEED_DEMO: "false", GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_JSON: google.jwks },
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  const db = () => store.database.db;
  const post = (url: string, body: unknown, token?: string) =>
    call(store.app, "POST", url, { body, token, ip: freshIp() });
  const googleLogin = (body: Record<string, unknown>) =>
    post("/api/user/google-login", { signupAllowed: true, ...body });

  it("gives the browser the client id", () => {
    expect(store.services.shop.googleClientId).toBe(CLIENT_ID);
  });

  it("asks a new shopper for a phone number, then creates the account with it", async () => {
    const credential = await google.credential({ name: "Mariam Al Zaabi", sub: "sub-new-1" });
    const before = await db().selectFrom("users").select("id").execute();

    const first = await googleLogin({ credential });
    expect(first.status).toBe(400);
    expect(first.body).toEqual({
      success: false,
      code: "phone_required",
      message: "Phone number required for signup.",
    });
    expect(await db().selectFrom("users").select("id").execute()).toHaveLength(before.length);

    const badPhone = await googleLogin({ credential, phone: "04 123 4567" });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe("Please enter a valid UAE mobile number, such as 050 123 4567.");

    const phone = freshPhone();
    const second = await googleLogin({ credential, phone });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ success: true, token: expect.any(String) });
    const profile = await call(store.app, "GET", "/api/user/profile", { token: second.body.token as string });
    expect(profile.body.user).toMatchObject({
      name: "Mariam Al Zaabi",
      phone: `+971${phone.slice(1)}`,
      emailVerified: true,
      hasPassword: false,
      googleLinked: true,
    });

    // Next time the same Google account signs straight in, phone or not.
    const again = await googleLogin({
      credential: await google.credential({ sub: "sub-new-1", email: "x@y.ae" }),
    });
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({ _id: (profile.body.user as { _id: string })._id });
  });

  it("keeps a Google-only account out of password log-in until it sets a password", async () => {
    const credential = await google.credential({ email: "only-google@gmail.com" });
    const created = await googleLogin({ credential, phone: freshPhone() });
    expect(created.status).toBe(201);
    const token = created.body.token as string;

    const login = await post("/api/user/login", {
      identifier: "only-google@gmail.com",
      password: "anything-1",
    });
    expect(login.status).toBe(401);
    const change = await post(
      "/api/user/change-password",
      { currentPassword: "x", newPassword: "new-pass-12" },
      token,
    );
    expect(change.status).toBe(400);
    expect(change.body.code).toBe("no_password");
    expect(change.body.message).toBe(
      "Your account signs in with Google and has no password yet. Use Forgot Password to set one.",
    );

    await post("/api/user/forgot-password", { email: "only-google@gmail.com" });
    await store.services.accounts.idle();
    const otp = await codeFromOutbox(db(), "only-google@gmail.com", "reset-password");
    const reset = await post("/api/user/reset-password", {
      email: "only-google@gmail.com",
      otp,
      newPassword: "now-i-have-one",
    });
    expect(reset.status).toBe(200);
    const withPassword = await post("/api/user/login", {
      identifier: "only-google@gmail.com",
      password: "now-i-have-one",
    });
    expect(withPassword.status).toBe(200);
  });

  it("links an existing account with the same verified e-mail; its password keeps working", async () => {
    const phone = freshPhone();
    await post("/api/user/register", {
      name: "Noor",
      phone,
      email: "noor@example.com",
      password: "noor-pass-1",
    });
    const otp = await codeFromOutbox(db(), "noor@example.com", "verify-email");
    expect((await post("/api/user/verify-email-otp", { email: "noor@example.com", otp })).status).toBe(200);
    const existing = await db()
      .selectFrom("users")
      .select("id")
      .where("email", "=", "noor@example.com")
      .executeTakeFirstOrThrow();

    const res = await googleLogin({ credential: await google.credential({ email: "Noor@Example.com" }) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: existing.id, googleLinked: true, hasPassword: true });
    expect((await post("/api/user/login", { identifier: phone, password: "noor-pass-1" })).status).toBe(200);

    // A second Google account with the same e-mail cannot take it.
    const other = await googleLogin({ credential: await google.credential({ email: "noor@example.com" }) });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("google_account_taken");
    expect(other.body.message).toBe("This email is already linked to a different Google account.");
  });

  it("takes an unverified account from whoever squatted the e-mail: the squatter's password stops working", async () => {
    await post("/api/user/register", {
      name: "Squatter",
      phone: freshPhone(),
      email: "victim@gmail.com",
      password: "squatter-pass",
    });
    const res = await googleLogin({ credential: await google.credential({ email: "victim@gmail.com" }) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ emailVerified: true, hasPassword: false, googleLinked: true });
    await allowResend(db(), "victim@gmail.com");
    const squatter = await post("/api/user/login", {
      identifier: "victim@gmail.com",
      password: "squatter-pass",
    });
    expect(squatter.status).toBe(401);
  });

  it("refuses a new shopper when signupAllowed is false, and a phone that is taken", async () => {
    const noSignup = await post("/api/user/google-login", {
      credential: await google.credential(),
      signupAllowed: false,
    });
    expect(noSignup.status).toBe(404);
    expect(noSignup.body.code).toBe("google_no_account");
    expect(noSignup.body.message).toBe("No account is linked to this Google account. Please sign up first.");

    const phone = freshPhone();
    await post("/api/user/register", { name: "Has Phone", phone, password: "password-1" });
    const taken = await googleLogin({ credential: await google.credential(), phone });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("phone_taken");
    expect(taken.body.message).toBe(
      "An account with this phone number already exists. Please sign in instead.",
    );
  });

  it("accepts both of Google's issuer spellings", async () => {
    const res = await googleLogin({
      credential: await google.credential({}, { issuer: "accounts.google.com" }),
      phone: freshPhone(),
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ["another audience", { audience: "someone-else.apps.googleusercontent.com" }],
    ["another issuer", { issuer: "https://evil.example" }],
    ["an expired token", { expiresIn: Math.floor(Date.now() / 1000) - 600 }],
    ["a key that is not Google's", { foreignKey: true }],
  ])("refuses %s with 401", async (_label, options) => {
    const before = await db().selectFrom("users").select("id").execute();
    const res = await googleLogin({ credential: await google.credential({}, options), phone: freshPhone() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, code: "google_invalid", message: INVALID });
    expect(await db().selectFrom("users").select("id").execute()).toHaveLength(before.length);
  });

  it("refuses an e-mail Google has not verified, garbage, and a missing credential", async () => {
    const unverified = await googleLogin({
      credential: await google.credential({ email_verified: false }),
      phone: freshPhone(),
    });
    expect(unverified.status).toBe(401);
    expect(unverified.body.code).toBe("google_email_unverified");
    expect(unverified.body.message).toBe(
      "Your Google account's email is not verified, so it cannot be used here.",
    );
    const garbage = await googleLogin({ credential: "not.a.token" });
    expect(garbage.status).toBe(401);
    expect(garbage.body.message).toBe(INVALID);
    const missing = await googleLogin({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("The Google sign-in answer is missing. Please try again.");
  });
});

describe.each(TEST_ENGINES)("Google sign-in without configuration on $name", (engine) => {
  let store: TestStore;
  let unreachable: TestStore;

  beforeAll(async () => {
    store = await createTestStore(engine, { env: { SEED_DEMO: "false" } });
    // A key set URL on a loopback port nobody listens on: Google's keys cannot be fetched.
    unreachable = await createTestStore(engine, {
      env: { SEED_DEMO: "false", GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: "http://127.0.0.1:9/certs" },
    });
  });
  afterAll(async () => {
    await store?.close();
    await unreachable?.close();
  });

  it("answers 503: Google sign-in is not configured, and gives the browser no client id", async () => {
    const google = await localGoogle();
    const res = await call(store.app, "POST", "/api/user/google-login", {
      body: { credential: await google.credential(), signupAllowed: true, phone: "0501234567" },
      ip: freshIp(),
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      code: "google_not_configured",
      message: "Google sign-in is not configured for this shop.",
    });
    expect(store.services.shop.googleClientId).toBe("");
  });

  it("answers 503 when Google's keys cannot be fetched", async () => {
    const google = await localGoogle();
    const res = await call(unreachable.app, "POST", "/api/user/google-login", {
      body: { credential: await google.credential(), signupAllowed: true, phone: "0501234567" },
      ip: freshIp(),
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: "google_unavailable",
      message: "Google sign-in is unavailable right now. Please try again later.",
    });
  });
});
