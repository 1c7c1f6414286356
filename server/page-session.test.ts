import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "#core/i18n/ar.ts";
import { arApi } from "#core/i18n/ar-api.ts";
import { arServer } from "#core/i18n/ar-server.ts";
import { en } from "#core/i18n/en.ts";
import { CSRF_COOKIE, HANDOFF_COOKIE, PAGE_SESSION_COOKIE } from "#core/page-session.ts";
import { allowResend, call, codeFromOutbox, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const HOST = "127.0.0.1:4321";
const ORIGIN = `http://${HOST}`;

/** `name=value` of every cookie a response sets, and the whole Set-Cookie lines. */
function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers["set-cookie"];
  return Array.isArray(value) ? value.map(String) : value ? [String(value)] : [];
}
const pair = (line: string) => line.split(";")[0] ?? "";

/**
 * Log-in without JavaScript (issue 22, decision 0018): the plain form posts to /login's action, which
 * runs the same service call as POST /api/user/login and keeps the token in an httpOnly page-session
 * cookie; /account is drawn for her from it, its hydration takes the token once, and /api never reads it.
 */
describe.each(TEST_ENGINES)("the page session on $name", (engine) => {
  let store: TestStore;
  const password = "page-session-1";
  let phone: string;

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true, env: { SEED_DEMO: "false" } });
    phone = freshPhone();
    const reg = await call(store.app, "POST", "/api/user/register", {
      body: { name: "Noura Native", phone, password },
      ip: freshIp(),
    });
    expect(reg.status).toBe(201);
  });
  afterAll(() => store.close());

  /** Opens a form page: its CSRF cookie and the hidden field's value, which are the same token. */
  async function openForm(path: string) {
    const page = await store.app.inject({ method: "GET", url: path, headers: { host: HOST } });
    expect(page.statusCode).toBe(200);
    const cookie = setCookies(page.headers)
      .map(pair)
      .find((c) => c.startsWith(`${CSRF_COOKIE}=`));
    const field = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(cookie).toBe(`${CSRF_COOKIE}=${field}`);
    return { cookie: cookie ?? "", csrf: field ?? "" };
  }

  function post(path: string, fields: Record<string, string>, cookie: string, headers = {}) {
    return store.app.inject({
      method: "POST",
      url: path,
      headers: {
        host: HOST,
        origin: ORIGIN,
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": freshIp(),
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it("refuses a NUL in a posted form as the API does (a lone surrogate cannot be sent in UTF-8), naming the field, before any service", async () => {
    for (const [path, fields] of [
      ["/login", { identifier: `a\u0000b@example.com`, password }],
      ["/signup", { name: "Noura\u0000", phone: freshPhone(), email: "", password }],
      ["/forgot-password", { email: `x\u0000@example.com` }],
    ] as const) {
      const { cookie, csrf } = await openForm(path);
      const answer = await post(path, { ...fields, csrf }, cookie);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.headers["content-type"], path).toContain("text/html");
      expect(visibleText(answer.body), path).toContain("contains a character that is not allowed.");
      expect(setCookies(answer.headers).some((l) => l.startsWith(`${PAGE_SESSION_COOKIE}=`))).toBe(false);
    }
  });

  it("signs her in from the plain form: httpOnly page session, /account drawn with her name, the token handed over once", async () => {
    const { cookie, csrf } = await openForm("/login");
    const answer = await post("/login", { identifier: phone, password, csrf }, cookie);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe("/account");
    const lines = setCookies(answer.headers);
    const session = lines.find((l) => l.startsWith(`${PAGE_SESSION_COOKIE}=`)) ?? "";
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).not.toMatch(/Secure/); // http: the cookie must still work on http://127.0.0.1
    expect(lines.find((l) => l.startsWith(`${HANDOFF_COOKIE}=1`))).not.toMatch(/HttpOnly/);
    const jar = [cookie, ...lines.map(pair)].join("; ");

    const account = await store.app.inject({
      method: "GET",
      url: "/account",
      headers: { host: HOST, cookie: jar },
    });
    expect(visibleText(account.body)).toContain("Hello, Noura Native");
    expect(account.headers["cache-control"]).toContain("no-store");

    // The API takes the `token` header only: the page session's cookie signs nobody in there.
    const profile = await store.app.inject({
      method: "GET",
      url: "/api/user/profile",
      headers: { cookie: jar },
    });
    expect(profile.statusCode).toBe(401);

    // The handoff: only from the shop's own pages, once.
    const foreign = await store.app.inject({
      method: "POST",
      url: "/page-session",
      headers: { host: HOST, cookie: jar, origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    const handoff = await store.app.inject({
      method: "POST",
      url: "/page-session",
      headers: { host: HOST, cookie: jar, origin: ORIGIN },
    });
    expect(handoff.statusCode).toBe(200);
    const token = String(handoff.json().token);
    expect((await call(store.app, "GET", "/api/user/profile", { token })).body.user).toMatchObject({
      name: "Noura Native",
    });
    const withoutMark = jar.replace(`${HANDOFF_COOKIE}=1`, "");
    const again = await store.app.inject({
      method: "POST",
      url: "/page-session",
      headers: { host: HOST, cookie: withoutMark, origin: ORIGIN },
    });
    expect(again.statusCode).toBe(404);

    // Log-out without JavaScript ends the page session; /account is then drawn for nobody.
    const out = await post("/account", { intent: "logout", csrf }, jar);
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/login");
    expect(setCookies(out.headers).map(pair)).toContain(`${PAGE_SESSION_COOKIE}=`);
    // The scripted log-out's call ends it too.
    const ended = await store.app.inject({
      method: "DELETE",
      url: "/page-session",
      headers: { host: HOST, cookie: jar, origin: ORIGIN },
    });
    expect(setCookies(ended.headers).map(pair)).toEqual([`${PAGE_SESSION_COOKIE}=`, `${HANDOFF_COOKIE}=`]);
  });

  it("refuses a post without the page's CSRF token or from another site, and signs nobody in", async () => {
    const { cookie, csrf } = await openForm("/login");
    const missing = await post("/login", { identifier: phone, password }, cookie);
    expect(missing.statusCode).toBe(403);
    expect(visibleText(missing.body)).toContain(en["login.failedFallback"]);
    const wrong = await post("/login", { identifier: phone, password, csrf: `${csrf.slice(1)}x` }, cookie);
    expect(wrong.statusCode).toBe(403);
    const foreign = await post("/login", { identifier: phone, password, csrf }, cookie, {
      origin: "https://evil.example",
    });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    for (const answer of [missing, wrong, foreign]) {
      expect(setCookies(answer.headers).some((l) => l.startsWith(PAGE_SESSION_COOKIE))).toBe(false);
    }
  });

  it("draws the hydrated page's messages, in each language, and never sends the password back", async () => {
    const english = await openForm("/login");
    const empty = await post("/login", { identifier: "", password: "", csrf: english.csrf }, english.cookie);
    expect(empty.statusCode).toBe(400);
    expect(visibleText(empty.body)).toContain(en["field.identifierRequired"]);
    const bad = await post(
      "/login",
      { identifier: phone, password: "not-her-password", csrf: english.csrf },
      english.cookie,
    );
    expect(bad.statusCode).toBe(401);
    expect(visibleText(bad.body)).toContain(en["auth.invalidCredentials"]);
    expect(bad.body).not.toContain("not-her-password");
    expect(bad.body).toContain(`value="${phone}"`);

    const arabic = await openForm("/ar/login");
    const arEmpty = await post(
      "/ar/login",
      { identifier: "", password: "", csrf: arabic.csrf },
      arabic.cookie,
    );
    expect(visibleText(arEmpty.body)).toContain(arServer["field.identifierRequired"]);
    const arBad = await post(
      "/ar/login",
      { identifier: phone, password: "not-her-password", csrf: arabic.csrf },
      arabic.cookie,
    );
    expect(visibleText(arBad.body)).toContain(arApi["api.invalid_credentials"]);
  });

  it("marks the page session Secure over https", async () => {
    const { cookie, csrf } = await openForm("/login");
    const answer = await post("/login", { identifier: phone, password, csrf }, cookie, {
      "x-forwarded-proto": "https",
      origin: `https://${HOST}`,
    });
    expect(answer.statusCode).toBe(303);
    const session = setCookies(answer.headers).find((l) => l.startsWith(`${PAGE_SESSION_COOKIE}=`));
    expect(session).toMatch(/; Secure/);
  });

  it("signs up, verifies the e-mail code and resets a password from plain forms", async () => {
    const email = `native-${Date.now()}@example.ae`;
    const signup = await openForm("/signup");
    const noName = await post(
      "/signup",
      { name: "", phone: freshPhone(), email, password: "x", csrf: signup.csrf },
      signup.cookie,
    );
    expect(noName.statusCode).toBe(400);
    expect(visibleText(noName.body)).toContain(en["field.nameRequired"]);
    expect(noName.body).toContain(`value="${email}"`);

    const newPhone = freshPhone();
    const created = await post(
      "/signup",
      { name: "Hessa Native", phone: newPhone, email, password: "first-pass-1", csrf: signup.csrf },
      signup.cookie,
    );
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain('data-testid="native-code-form"');
    const code = await codeFromOutbox(store.database.db, email, "verify-email");
    const verified = await post(
      "/signup",
      { intent: "verify", email, otp: code, csrf: signup.csrf },
      signup.cookie,
    );
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe("/login?notice=verified");
    const notice = await store.app.inject({
      method: "GET",
      url: "/login?notice=verified",
      headers: { host: HOST },
    });
    expect(visibleText(notice.body)).toContain(en["otp.verifiedText"]);

    const forgot = await openForm("/ar/forgot-password");
    await allowResend(store.database.db, email);
    const sent = await post("/ar/forgot-password", { email, csrf: forgot.csrf }, forgot.cookie);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('data-testid="native-reset-form"');
    await store.services.accounts.idle();
    // The Arabic page's mail is in Arabic: its subject starts with the code all the same.
    const mail = await store.database.db
      .selectFrom("outbox")
      .select("subject")
      .where("to_address", "=", email)
      .where("kind", "=", "reset-password")
      .executeTakeFirstOrThrow();
    const resetCode = /\d{6}/.exec(mail.subject)?.[0] ?? "";
    const mismatch = await post(
      "/ar/forgot-password",
      {
        intent: "reset",
        email,
        otp: resetCode,
        newPassword: "second-pass-2",
        confirmPassword: "other",
        csrf: forgot.csrf,
      },
      forgot.cookie,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(visibleText(mismatch.body)).toContain(ar["forgot.mismatchText"]);
    const reset = await post(
      "/ar/forgot-password",
      {
        intent: "reset",
        email,
        otp: resetCode,
        newPassword: "second-pass-2",
        confirmPassword: "second-pass-2",
        csrf: forgot.csrf,
      },
      forgot.cookie,
    );
    expect(reset.statusCode).toBe(303);
    expect(reset.headers.location).toBe("/ar/login?notice=reset");
    expect(
      (
        await call(store.app, "POST", "/api/user/login", {
          body: { identifier: email, password: "second-pass-2" },
          ip: freshIp(),
        })
      ).status,
    ).toBe(200);
  });
});
