import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_TOKEN_ISSUER } from "./auth/tokens.ts";
import { SLOW_DOWN_STEP_MS } from "./services/rate-limit.ts";
import { allowResend, call, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { codeIn, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const JWT_SECRET = "accounts-test-secret-that-is-long-enough-1234567890";
const PER_IP = 40;
const PER_IDENTIFIER = 8;
const UNVERIFIED = "verify your email before logging in";
const INVALID = "Invalid or expired code. Please check the code or ask for a new one.";

describe.each(TEST_ENGINES)("accounts on $name", (engine) => {
  let store: TestStore;
  let smtp: TestSmtpServer;
  let counter = 0;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createTestStore(engine, {
      env: {
        SEED_DEMO: "false",
        SMTP_URL: smtp.url,
        JWT_SECRET,
        AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
        AUTH_RATE_LIMIT_PER_IDENTIFIER: String(PER_IDENTIFIER),
      },
    });
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  const db = () => store.database.db;
  const post = (url: string, body: unknown, options: { token?: string; ip?: string } = {}) =>
    call(store.app, "POST", url, { body, ip: options.ip ?? freshIp(), token: options.token });
  const get = (url: string, token?: string) => call(store.app, "GET", url, { token, ip: freshIp() });

  function newShopper(withEmail = true) {
    counter += 1;
    return {
      name: `Shopper ${counter}`,
      phone: freshPhone(),
      ...(withEmail ? { email: `shopper${counter}@example.com` } : {}),
      password: `secret-pass-${counter}`,
    };
  }

  /** Signs up, reads the code off the SMTP server, verifies, logs in. */
  async function signedUp() {
    const shopper = newShopper();
    const since = smtp.received.length;
    const registered = await post("/api/user/register", shopper);
    expect(registered.status).toBe(201);
    const mail = await smtp.waitFor(shopper.email!, { since });
    const verified = await post("/api/user/verify-email-otp", { email: shopper.email, otp: codeIn(mail) });
    expect(verified.status).toBe(200);
    const login = await post("/api/user/login", { identifier: shopper.email, password: shopper.password });
    expect(login.status).toBe(200);
    const user = await db()
      .selectFrom("users")
      .selectAll()
      .where("email", "=", shopper.email!)
      .executeTakeFirstOrThrow();
    return { ...shopper, token: login.body.token as string, id: user.id, e164: user.phone };
  }

  async function countUsers() {
    const row = await db()
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  describe("the shopper's language (issue 14)", () => {
    const languageOf = async (phone: string) =>
      (
        await db()
          .selectFrom("users")
          .select("language")
          .where("phone", "=", `+971${phone.slice(1)}`)
          .executeTakeFirstOrThrow()
      ).language;

    it("stores the sign-up's language on the account, English when the page sends none", async () => {
      const arabic = newShopper(false);
      expect((await post("/api/user/register", { ...arabic, language: "ar" })).status).toBe(201);
      expect(await languageOf(arabic.phone)).toBe("ar");
      const english = newShopper(false);
      expect((await post("/api/user/register", english)).status).toBe(201);
      expect(await languageOf(english.phone)).toBe("en");
    });

    it("refuses an unknown language with the code validation, creating nothing", async () => {
      const before = await countUsers();
      const res = await post("/api/user/register", { ...newShopper(false), language: "fr" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: "validation",
        message: "The language must be 'en' or 'ar'.",
      });
      expect(await countUsers()).toBe(before);
    });

    it("changes the language on a profile update that sends one, and keeps it on one that does not", async () => {
      const shopper = await signedUp();
      const profile = { name: shopper.name, email: shopper.email, phone: shopper.phone };
      const toArabic = await post(
        "/api/user/update",
        { ...profile, language: "ar" },
        { token: shopper.token },
      );
      expect(toArabic.status).toBe(200);
      expect(toArabic.body.user).toMatchObject({ language: "ar" });
      const without = await post("/api/user/update", profile, { token: shopper.token });
      expect(without.body.user).toMatchObject({ language: "ar" });
      expect(await languageOf(shopper.phone)).toBe("ar");
      await post("/api/user/update", { ...profile, language: "en" }, { token: shopper.token });
      expect((await get("/api/user/profile", shopper.token)).body.user).toMatchObject({ language: "en" });
    });
  });

  describe("POST /api/user/register", () => {
    it("creates an account with an e-mail, stores the password hashed and mails a code over SMTP", async () => {
      const shopper = newShopper();
      const since = smtp.received.length;
      const res = await post("/api/user/register", { ...shopper, phone: "  050 555 0001 " });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, message: expect.stringContaining(shopper.email!) });

      const user = await db()
        .selectFrom("users")
        .selectAll()
        .where("email", "=", shopper.email!)
        .executeTakeFirstOrThrow();
      expect(user.phone).toBe("+971505550001");
      expect(Boolean(user.email_verified)).toBe(false);
      expect(user.password_hash).toMatch(/^scrypt\$4096\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
      expect(user.password_hash).not.toContain(shopper.password);

      const mail = await smtp.waitFor(shopper.email!, { since });
      const code = codeIn(mail);
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.raw).toContain("Noor Atelier");
      expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);

      const stored = await db()
        .selectFrom("one_time_codes")
        .selectAll()
        .where("identifier", "=", shopper.email!)
        .executeTakeFirstOrThrow();
      expect(stored.purpose).toBe("verify-email");
      expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.code_hash).not.toContain(code);
      const validFor = new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime();
      expect(validFor).toBe(10 * 60 * 1000);

      await store.services.accounts.idle();
      const outbox = await db()
        .selectFrom("outbox")
        .selectAll()
        .where("to_address", "=", shopper.email!)
        .executeTakeFirstOrThrow();
      expect(outbox.status).toBe("sent");
      expect(outbox.sent_at).not.toBeNull();
    });

    it("creates an account without an e-mail that can log in at once with its phone", async () => {
      const shopper = newShopper(false);
      const res = await post("/api/user/register", { ...shopper, email: "" });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(
        "Account created. You can now sign in with your phone number and password.",
      );
      const login = await post("/api/user/login", {
        identifier: `+971 ${shopper.phone.slice(1)}`,
        password: shopper.password,
      });
      expect(login.status).toBe(200);
      expect(login.body.token).toEqual(expect.any(String));
      expect(login.body.user).toMatchObject({ name: shopper.name, email: null, emailVerified: false });
    });

    it("refuses a duplicate e-mail or phone with 409 and a clear message, whatever the spelling", async () => {
      const first = newShopper();
      expect((await post("/api/user/register", first)).status).toBe(201);
      const before = await countUsers();

      const sameEmail = await post("/api/user/register", {
        ...newShopper(),
        email: first.email!.toUpperCase(),
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body).toEqual({
        success: false,
        code: "email_taken",
        message:
          "An account with this email already exists. Please sign in, or reset your password if you forgot it.",
      });

      const samePhone = await post("/api/user/register", {
        ...newShopper(),
        phone: `00971${first.phone.slice(1)}`,
      });
      expect(samePhone.status).toBe(409);
      expect(samePhone.body.code).toBe("phone_taken");
      expect(samePhone.body.message).toBe(
        "An account with this phone number already exists. Please sign in instead.",
      );
      expect(await countUsers()).toBe(before);
    });

    it.each([
      [{ name: "", phone: "0501112233", password: "password1" }, "Please enter your full name."],
      [
        { name: "A", phone: "04 123 4567", password: "password1" },
        "Please enter a valid UAE mobile number, such as 050 123 4567.",
      ],
      [
        { name: "A", phone: "+44 7700 900123", password: "password1" },
        "Please enter a valid UAE mobile number, such as 050 123 4567.",
      ],
      [{ name: "A", phone: "0501112233", password: "short" }, "Password must be at least 8 characters."],
      [
        { name: "A", phone: "0501112233", password: "x".repeat(129) },
        "Password can be at most 128 characters.",
      ],
      [
        { name: "A", phone: "0501112233", email: "not-an-email", password: "password1" },
        "Please enter a valid email address.",
      ],
      [{ name: 42, phone: "0501112233", password: "password1" }, "Please enter your full name."],
      [{ phone: "0501112233", password: "password1" }, "Please enter your full name."],
      [[], "The request body must be a JSON object."],
    ])("answers bad input %j with 400 and a message, creating nothing", async (body, message) => {
      const before = await countUsers();
      const res = await post("/api/user/register", body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: "validation", message });
      expect(await countUsers()).toBe(before);
    });

    it("answers malformed JSON with 400, never 500", async () => {
      const res = await call(store.app, "POST", "/api/user/register", { rawBody: "{nope", ip: freshIp() });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toEqual(expect.any(String));
    });
  });

  describe("POST /api/user/login and /api/user/verify-email-otp", () => {
    it("asks an unverified e-mail account to verify (403), resending a code at most once a minute", async () => {
      const shopper = newShopper();
      const since = smtp.received.length;
      await post("/api/user/register", shopper);
      const first = codeIn(await smtp.waitFor(shopper.email!, { since }));

      const soon = await post("/api/user/login", { identifier: shopper.email, password: shopper.password });
      expect(soon.status).toBe(403);
      expect(soon.body.message).toContain(UNVERIFIED);
      expect(soon.body.code).toBe("email_unverified");
      expect(soon.body).not.toHaveProperty("token");
      // Within the minute: no second mail.
      await store.services.accounts.idle();
      expect(smtp.received.slice(since).filter((m) => m.to.includes(shopper.email!))).toHaveLength(1);

      // Later: a fresh code replaces the old one.
      await allowResend(db(), shopper.email!);
      const later = smtp.received.length;
      const again = await post("/api/user/login", { identifier: shopper.phone, password: shopper.password });
      expect(again.status).toBe(403);
      expect(again.body.message).toContain(UNVERIFIED);
      const second = codeIn(await smtp.waitFor(shopper.email!, { since: later }));
      if (second !== first) {
        const old = await post("/api/user/verify-email-otp", { email: shopper.email, otp: first });
        expect(old.status).toBe(400);
      }
      const ok = await post("/api/user/verify-email-otp", { email: shopper.email, otp: second });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ success: true, message: "Your email is verified. You can now sign in." });

      const login = await post("/api/user/login", {
        identifier: ` ${shopper.email!.toUpperCase()} `,
        password: shopper.password,
      });
      expect(login.status).toBe(200);
      expect(login.body.token).toEqual(expect.any(String));
      expect(JSON.stringify(login.body)).not.toMatch(/scrypt|password_hash/i);
      expect(JSON.stringify(login.body)).not.toContain(shopper.password);

      const repeat = await post("/api/user/verify-email-otp", { email: shopper.email, otp: second });
      // A used code is refused like any wrong one, so the answer does not say the account is verified.
      expect(repeat).toMatchObject({
        status: 400,
        body: { success: false, code: "code_invalid", message: INVALID },
      });
    });

    it("logs in with the phone number in any usual spelling", async () => {
      const shopper = await signedUp();
      for (const identifier of [shopper.phone, shopper.e164, `971${shopper.phone.slice(1)}`]) {
        const res = await post("/api/user/login", { identifier, password: shopper.password });
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ _id: shopper.id, email: shopper.email, emailVerified: true });
      }
    });

    it("refuses a wrong password and an unknown account with the same 401 message", async () => {
      const shopper = await signedUp();
      const wrong = await post("/api/user/login", { identifier: shopper.email, password: "wrong-password" });
      const unknown = await post("/api/user/login", {
        identifier: "nobody-here@example.com",
        password: "wrong-password",
      });
      const unknownPhone = await post("/api/user/login", { identifier: "0509999999", password: "whatever1" });
      for (const res of [wrong, unknown, unknownPhone]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          success: false,
          code: "invalid_credentials",
          message: "Incorrect email, phone number or password.",
        });
      }
    });

    it.each([
      [{ identifier: "", password: "x" }, "Please enter your email or phone number."],
      [{ identifier: "someone", password: "x" }, "Please enter a valid email address or UAE mobile number."],
      [{ identifier: "a@example.com", password: "" }, "Please enter your password."],
      [{ identifier: "a@example.com" }, "Please enter your password."],
      [null, "The request body must be a JSON object."],
    ])("answers a bad login %j with 400", async (body, message) => {
      const res = await post("/api/user/login", body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: "validation", message });
    });

    it("refuses the code step for a phone number with SPEC's sentence", async () => {
      const res = await post("/api/user/verify-email-otp", { email: "0501234567", otp: "123456" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("OTP verification is only available for email accounts.");
    });

    it.each([["12345"], ["1234567"], ["12a456"], [""]])("refuses the code %j with 400", async (otp) => {
      const res = await post("/api/user/verify-email-otp", { email: "a@example.com", otp });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please enter the 6-digit code.");
    });

    it("answers a code for an unknown address like an invalid code", async () => {
      const res = await post("/api/user/verify-email-otp", { email: "ghost@example.com", otp: "123456" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invalid or expired code. Please check the code or ask for a new one.");
    });

    it("answers a wrong code the same for a verified, a pending and an unknown e-mail, without tries left", async () => {
      const verified = await signedUp();
      const pending = newShopper();
      const since = smtp.received.length;
      await post("/api/user/register", pending);
      const code = codeIn(await smtp.waitFor(pending.email!, { since }));
      const wrong = code === "000000" ? "111111" : "000000";
      const answers = [];
      for (const email of [verified.email, pending.email, "nobody-here@example.com"]) {
        for (let i = 0; i < 3; i++) {
          const res = await post("/api/user/verify-email-otp", { email, otp: wrong });
          answers.push({ status: res.status, body: res.body });
        }
      }
      for (const answer of answers) {
        expect(answer).toEqual({
          status: 400,
          body: { success: false, code: "code_invalid", message: INVALID },
        });
      }
      // The owner's code still works after the guesses.
      expect((await post("/api/user/verify-email-otp", { email: pending.email, otp: code })).status).toBe(
        200,
      );
      // Once used, the right code is just another wrong code.
      const again = await post("/api/user/verify-email-otp", { email: pending.email, otp: code });
      expect(again.body).toEqual({ success: false, code: "code_invalid", message: INVALID });
    });

    it("stops one client after 5 guesses at an address, while the owner's code keeps working", async () => {
      const shopper = newShopper();
      const since = smtp.received.length;
      await post("/api/user/register", shopper);
      const code = codeIn(await smtp.waitFor(shopper.email!, { since }));
      const wrong = code === "000000" ? "111111" : "000000";
      const stranger = freshIp();
      for (let i = 0; i < 5; i++) {
        const res = await post(
          "/api/user/verify-email-otp",
          { email: shopper.email, otp: wrong },
          { ip: stranger },
        );
        expect(res.body.message).toBe(INVALID);
      }
      // The stranger is stopped, even with the right code; and the same for an unknown address.
      const stopped = await post(
        "/api/user/verify-email-otp",
        { email: shopper.email, otp: code },
        { ip: stranger },
      );
      expect(stopped.status).toBe(429);
      expect(stopped.body.message).toMatch(/^Too many attempts/);
      // More strangers, more guesses: the code is never spent by them.
      for (let n = 0; n < 3; n++) {
        const ip = freshIp();
        for (let i = 0; i < 5; i++) {
          await post("/api/user/verify-email-otp", { email: shopper.email, otp: wrong }, { ip });
        }
      }
      const owner = await post("/api/user/verify-email-otp", { email: shopper.email, otp: code });
      expect(owner).toMatchObject({ status: 200, body: { success: true } });
      const user = await db()
        .selectFrom("users")
        .select("email_verified")
        .where("email", "=", shopper.email!)
        .executeTakeFirstOrThrow();
      expect(Boolean(user.email_verified)).toBe(true);
    });

    it("refuses an expired code with the same text", async () => {
      const shopper = newShopper();
      const since = smtp.received.length;
      await post("/api/user/register", shopper);
      const code = codeIn(await smtp.waitFor(shopper.email!, { since }));
      await db()
        .updateTable("one_time_codes")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("identifier", "=", shopper.email!)
        .execute();
      const res = await post("/api/user/verify-email-otp", { email: shopper.email, otp: code });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID);
    });
  });

  describe("forgot and reset password", () => {
    it("answers the same whether or not the e-mail has an account, and mails only a real one", async () => {
      const shopper = await signedUp();
      const since = smtp.received.length;
      const known = await post("/api/user/forgot-password", { email: shopper.email });
      const unknown = await post("/api/user/forgot-password", { email: "no-account-here@example.com" });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body.message).toBe(
        `If an account exists for ${shopper.email}, we have sent a 6-digit code to it. The code is valid for 10 minutes.`,
      );
      expect(unknown.body.message).toBe(
        known.body.message!.replace(shopper.email!, "no-account-here@example.com"),
      );
      const mail = await smtp.waitFor(shopper.email!, { since, subject: /password reset/ });
      expect(mail.subject).toMatch(/^\d{6} is your Noor Atelier password reset code$/);
      await store.services.accounts.idle();
      expect(smtp.received.slice(since).some((m) => m.to.includes("no-account-here@example.com"))).toBe(
        false,
      );
      const stray = await db()
        .selectFrom("outbox")
        .select("id")
        .where("to_address", "=", "no-account-here@example.com")
        .execute();
      expect(stray).toEqual([]);
    });

    it("resets the password with the code, ends old sessions, and the code works once", async () => {
      const shopper = await signedUp();
      const since = smtp.received.length;
      await post("/api/user/forgot-password", { email: shopper.email });
      const code = codeIn(await smtp.waitFor(shopper.email!, { since, subject: /password reset/ }));
      const wrong = code === "999999" ? "888888" : "999999";

      const bad = await post("/api/user/reset-password", {
        email: shopper.email,
        otp: wrong,
        newPassword: "brand-new-pass",
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(INVALID);

      const short = await post("/api/user/reset-password", {
        email: shopper.email,
        otp: code,
        newPassword: "short",
      });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe("Password must be at least 8 characters.");

      const ok = await post("/api/user/reset-password", {
        email: shopper.email,
        otp: code,
        newPassword: "brand-new-pass",
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({
        success: true,
        message: "Your password has been reset. Please sign in with your new password.",
      });

      expect((await get("/api/user/profile", shopper.token)).status).toBe(401);
      const old = await post("/api/user/login", { identifier: shopper.email, password: shopper.password });
      expect(old.status).toBe(401);
      const fresh = await post("/api/user/login", { identifier: shopper.email, password: "brand-new-pass" });
      expect(fresh.status).toBe(200);

      const reuse = await post("/api/user/reset-password", {
        email: shopper.email,
        otp: code,
        newPassword: "another-pass-1",
      });
      expect(reuse.status).toBe(400);
      expect(
        (await post("/api/user/login", { identifier: shopper.email, password: "another-pass-1" })).status,
      ).toBe(401);
    });

    it("verifies the e-mail of an unverified account that resets its password", async () => {
      const shopper = newShopper();
      await post("/api/user/register", shopper);
      await allowResend(db(), shopper.email!);
      const since = smtp.received.length;
      await post("/api/user/forgot-password", { email: shopper.email });
      const mail = await smtp.waitFor(shopper.email!, { since, subject: /password reset/ });
      const reset = await post("/api/user/reset-password", {
        email: shopper.email,
        otp: codeIn(mail),
        newPassword: "fresh-password-1",
      });
      expect(reset.status).toBe(200);
      const login = await post("/api/user/login", {
        identifier: shopper.email,
        password: "fresh-password-1",
      });
      expect(login.status).toBe(200);
    });

    it("answers a wrong reset code the same with or without an account or a code, and keeps the owner's code", async () => {
      const owner = await signedUp();
      const noCode = await signedUp();
      const since = smtp.received.length;
      await post("/api/user/forgot-password", { email: owner.email });
      const code = codeIn(await smtp.waitFor(owner.email!, { since, subject: /password reset/ }));
      const wrong = code === "000000" ? "111111" : "000000";
      for (const email of [owner.email, noCode.email, "nobody-at-all@example.com"]) {
        const ip = freshIp();
        for (let i = 0; i < 5; i++) {
          const res = await post(
            "/api/user/reset-password",
            { email, otp: wrong, newPassword: "guessed-pass-1" },
            { ip },
          );
          expect({ status: res.status, body: res.body }).toEqual({
            status: 400,
            body: { success: false, code: "code_invalid", message: INVALID },
          });
        }
        const sixth = await post(
          "/api/user/reset-password",
          { email, otp: wrong, newPassword: "guessed-pass-1" },
          { ip },
        );
        expect(sixth.status).toBe(429);
      }
      const reset = await post("/api/user/reset-password", {
        email: owner.email,
        otp: code,
        newPassword: "owner-new-pass",
      });
      expect(reset.status).toBe(200);
      expect(
        (await post("/api/user/login", { identifier: owner.email, password: "owner-new-pass" })).status,
      ).toBe(200);
    });

    it("sends at most one reset code a minute, answering the same", async () => {
      const shopper = await signedUp();
      const since = smtp.received.length;
      const first = await post("/api/user/forgot-password", { email: shopper.email });
      await smtp.waitFor(shopper.email!, { since, subject: /password reset/ });
      const second = await post("/api/user/forgot-password", { email: shopper.email });
      await store.services.accounts.idle();
      expect(second.body).toEqual(first.body);
      expect(smtp.received.slice(since).filter((m) => m.to.includes(shopper.email!))).toHaveLength(1);
    });

    it("refuses a reset for an address without an account, and bad input", async () => {
      const res = await post("/api/user/reset-password", {
        email: "ghost@example.com",
        otp: "123456",
        newPassword: "whatever-1",
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invalid or expired code. Please check the code or ask for a new one.");
      const noEmail = await post("/api/user/forgot-password", { email: "" });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.message).toBe("Please enter your email address.");
    });
  });

  describe("session tokens", () => {
    it("GET /api/user/profile returns the token's user without secrets", async () => {
      const shopper = await signedUp();
      const res = await get("/api/user/profile", shopper.token);
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toEqual({
        success: true,
        user: {
          _id: shopper.id,
          name: shopper.name,
          email: shopper.email,
          phone: shopper.e164,
          emailVerified: true,
          hasPassword: true,
          googleLinked: false,
          language: "en",
          createdAt: expect.any(String),
        },
      });
    });

    it("answers a missing, forged, tampered, expired or unsigned token with 401", async () => {
      const shopper = await signedUp();
      const missing = await get("/api/user/profile");
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({
        success: false,
        code: "unauthorized",
        message: "Please log in to continue.",
      });

      const key = (secret: string) => new TextEncoder().encode(secret);
      const forged = await new SignJWT({ sv: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(shopper.id)
        .setIssuer(SESSION_TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(key("some-other-secret-of-at-least-thirty-two-chars"));
      const expired = await new SignJWT({ sv: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(shopper.id)
        .setIssuer(SESSION_TOKEN_ISSUER)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(key(JWT_SECRET));
      const [header, payload] = shopper.token.split(".");
      const otherPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: "someone-else" }),
      ).toString("base64url");
      const tampered = `${header}.${otherPayload}.${shopper.token.split(".")[2]}`;
      const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;

      for (const token of [forged, expired, tampered, unsigned, "garbage", "a.b.c"]) {
        const res = await get("/api/user/profile", token);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          success: false,
          code: "session_expired",
          message: "Your session has expired. Please log in again.",
        });
      }
      // The genuine token still works.
      expect((await get("/api/user/profile", shopper.token)).status).toBe(200);
    });

    it("guards update and change-password the same way", async () => {
      for (const url of ["/api/user/update", "/api/user/change-password"]) {
        const res = await post(url, {});
        expect(res.status).toBe(401);
        expect(res.body.success).toBe(false);
      }
    });
  });

  describe("POST /api/user/update", () => {
    it("updates the name and phone, ignoring a userId in the body", async () => {
      const a = await signedUp();
      const b = await signedUp();
      const res = await post(
        "/api/user/update",
        { userId: b.id, _id: b.id, name: "  Amal Rahman ", email: a.email, phone: "+971 55 765 4321" },
        { token: a.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Your profile has been updated.");
      expect(res.body.user).toMatchObject({ _id: a.id, name: "Amal Rahman", phone: "+971557654321" });
      const bAfter = await get("/api/user/profile", b.token);
      expect(bAfter.body.user).toMatchObject({ name: b.name, phone: b.e164 });
    });

    it("asks a changed e-mail to be verified again, with a code sent to it", async () => {
      const shopper = await signedUp();
      const newEmail = `changed-${shopper.email}`;
      const since = smtp.received.length;
      const res = await post(
        "/api/user/update",
        { name: shopper.name, email: newEmail, phone: shopper.phone },
        { token: shopper.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toContain(newEmail);
      expect(res.body.user).toMatchObject({ email: newEmail, emailVerified: false });
      const code = codeIn(await smtp.waitFor(newEmail, { since }));
      // The session goes on; the next log-in asks for the code.
      expect((await get("/api/user/profile", shopper.token)).status).toBe(200);
      const login = await post("/api/user/login", { identifier: newEmail, password: shopper.password });
      expect(login.status).toBe(403);
      expect(login.body.message).toContain(UNVERIFIED);
      expect((await post("/api/user/verify-email-otp", { email: newEmail, otp: code })).status).toBe(200);
      expect(
        (await post("/api/user/login", { identifier: newEmail, password: shopper.password })).status,
      ).toBe(200);
    });

    it("refuses another account's e-mail or phone with 409, changing nothing", async () => {
      const a = await signedUp();
      const b = await signedUp();
      const email = await post(
        "/api/user/update",
        { name: "X", email: b.email, phone: a.phone },
        { token: a.token },
      );
      expect(email.status).toBe(409);
      expect(email.body.message).toBe("This email is already used by another account.");
      expect(email.body.code).toBe("email_taken");
      const phone = await post(
        "/api/user/update",
        { name: "X", email: a.email, phone: b.phone },
        { token: a.token },
      );
      expect(phone.status).toBe(409);
      expect(phone.body.message).toBe("This phone number is already used by another account.");
      expect(phone.body.code).toBe("phone_taken");
      const after = await get("/api/user/profile", a.token);
      expect(after.body.user).toMatchObject({ name: a.name, email: a.email, phone: a.e164 });
    });

    it.each([
      [{ name: "", email: "a@example.com", phone: "0501234567" }, "Please enter your full name."],
      [{ name: "A", email: "", phone: "0501234567" }, "Please enter your email address."],
      [{ name: "A", email: "a@example.com", phone: "" }, "Please enter your phone number."],
      [
        { name: "A", email: "a@example.com", phone: "12" },
        "Please enter a valid UAE mobile number, such as 050 123 4567.",
      ],
    ])("answers %j with 400, changing nothing", async (body, message) => {
      const shopper = await signedUp();
      const res = await post("/api/user/update", body, { token: shopper.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: "validation", message });
      const after = await get("/api/user/profile", shopper.token);
      expect(after.body.user).toMatchObject({ name: shopper.name, email: shopper.email });
    });
  });

  describe("POST /api/user/change-password", () => {
    it("changes the password, ends other sessions and hands this one a new token", async () => {
      const shopper = await signedUp();
      const otherDevice = (
        await post("/api/user/login", { identifier: shopper.email, password: shopper.password })
      ).body.token as string;
      const res = await post(
        "/api/user/change-password",
        { currentPassword: shopper.password, newPassword: "changed-pass-1" },
        { token: shopper.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Your password has been changed.");
      expect((await get("/api/user/profile", res.body.token as string)).status).toBe(200);
      expect((await get("/api/user/profile", otherDevice)).status).toBe(401);
      expect((await get("/api/user/profile", shopper.token)).status).toBe(401);
      expect(
        (await post("/api/user/login", { identifier: shopper.email, password: shopper.password })).status,
      ).toBe(401);
      expect(
        (await post("/api/user/login", { identifier: shopper.email, password: "changed-pass-1" })).status,
      ).toBe(200);
    });

    it("refuses a wrong current password with 400 (the session goes on) and keeps the password", async () => {
      const shopper = await signedUp();
      const res = await post(
        "/api/user/change-password",
        { currentPassword: "not-my-password", newPassword: "changed-pass-2" },
        { token: shopper.token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "current_password_wrong",
        message: "Your current password is incorrect.",
      });
      expect((await get("/api/user/profile", shopper.token)).status).toBe(200);
      expect(
        (await post("/api/user/login", { identifier: shopper.email, password: shopper.password })).status,
      ).toBe(200);
    });

    it.each([
      [{ currentPassword: "", newPassword: "changed-pass" }, "Please enter your current password."],
      [{ currentPassword: "x", newPassword: "" }, "Please enter a new password."],
      [{ currentPassword: "x", newPassword: "short" }, "Password must be at least 8 characters."],
    ])("answers %j with 400", async (body, message) => {
      const shopper = await signedUp();
      const res = await post("/api/user/change-password", body, { token: shopper.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it("refuses the same password as the new one", async () => {
      const shopper = await signedUp();
      const res = await post(
        "/api/user/change-password",
        { currentPassword: shopper.password, newPassword: shopper.password },
        { token: shopper.token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "same_password",
        message: "Your new password must be different from your current password.",
      });
    });
  });

  describe("rate limits", () => {
    it("stops a guesser at one account after the limit with 429 and Retry-After, and lets the owner in", async () => {
      const shopper = await signedUp();
      const guesser = freshIp();
      for (let i = 0; i < PER_IDENTIFIER; i++) {
        const res = await post(
          "/api/user/login",
          { identifier: shopper.email, password: "wrong-password" },
          { ip: guesser },
        );
        expect(res.status).toBe(401);
      }
      // The guesser is stopped, even with the right password.
      const blocked = await post(
        "/api/user/login",
        { identifier: shopper.email, password: shopper.password },
        { ip: guesser },
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        success: false,
        code: "rate_limited",
        message: "Too many attempts. Please wait 15 minutes and try again.",
      });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
      // The owner, from a client in good standing, gets in at once: no slower than an account nobody
      // guessed at, measured just before on the same machine (a busy machine's log-in can itself take
      // longer than one slow-down step, so the bound is relative).
      const untouched = await signedUp();
      let baseline = 0;
      for (let i = 0; i < 2; i++) {
        const at = Date.now();
        const res = await post("/api/user/login", {
          identifier: untouched.email,
          password: untouched.password,
        });
        expect(res.status).toBe(200);
        baseline = Math.max(baseline, Date.now() - at);
      }
      const started = Date.now();
      const owner = await post("/api/user/login", { identifier: shopper.email, password: shopper.password });
      expect(owner.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(baseline + 0.8 * SLOW_DOWN_STEP_MS);
      // Counted in the database, with the identifier hashed.
      const rows = await db().selectFrom("auth_throttle").select("key").execute();
      expect(rows.some((r) => r.key.includes(shopper.email!))).toBe(false);
      expect(rows.length).toBeGreaterThan(0);
    });

    it("slows guesses spread over many clients down, never refusing the owner's right password", async () => {
      const shopper = await signedUp();
      // Two guesses each from many addresses: no client reaches its limit.
      for (let i = 0; i < PER_IDENTIFIER + 2; i++) {
        const res = await post("/api/user/login", { identifier: shopper.phone, password: `guess-${i}` });
        expect(res.status).toBe(401);
      }
      // Past the account's limit every further attempt waits, wrong or right, so the wait tells nothing.
      let started = Date.now();
      const slowGuess = await post("/api/user/login", { identifier: shopper.phone, password: "guess-x" });
      expect(slowGuess.status).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2 * SLOW_DOWN_STEP_MS - 20);
      started = Date.now();
      const owner = await post("/api/user/login", { identifier: shopper.phone, password: shopper.password });
      expect(owner.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3 * SLOW_DOWN_STEP_MS - 20);
      // The owner's success clears the account's record: the next log-in is not slowed. Had the record
      // stayed, it would wait three steps again, as the owner's did; a busy machine hashes well within that.
      started = Date.now();
      expect(
        (await post("/api/user/login", { identifier: shopper.phone, password: shopper.password })).status,
      ).toBe(200);
      expect(Date.now() - started).toBeLessThan(3 * SLOW_DOWN_STEP_MS);
    });

    it("stops one client address after the limit, whatever the identifiers", async () => {
      const ip = freshIp();
      for (let i = 0; i < PER_IP; i++) {
        const res = await post(
          "/api/user/login",
          { identifier: `x${i}@example.com`, password: "wrong-pass" },
          { ip },
        );
        expect(res.status).toBe(401);
      }
      const blocked = await post(
        "/api/user/login",
        { identifier: "y@example.com", password: "wrong-pass" },
        { ip },
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many attempts/);
      const elsewhere = await post("/api/user/login", {
        identifier: "y@example.com",
        password: "wrong-pass",
      });
      expect(elsewhere.status).toBe(401);
    });

    it("limits code requests per client and address, not for the address as a whole", async () => {
      const email = "limited@example.com";
      const ip = freshIp();
      for (let i = 0; i < PER_IDENTIFIER; i++) {
        expect((await post("/api/user/forgot-password", { email }, { ip })).status).toBe(200);
      }
      const blocked = await post("/api/user/forgot-password", { email }, { ip });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many attempts/);
      // The mailbox's owner, elsewhere, can still ask for a code.
      expect((await post("/api/user/forgot-password", { email })).status).toBe(200);
    });

    it("forgets a client's failures at an account after its successful log-in", async () => {
      const shopper = await signedUp();
      const ip = freshIp();
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < PER_IDENTIFIER - 2; i++) {
          await post("/api/user/login", { identifier: shopper.email, password: "wrong-password" }, { ip });
        }
        expect(
          (await post("/api/user/login", { identifier: shopper.email, password: shopper.password }, { ip }))
            .status,
        ).toBe(200);
      }
    });
  });
});
