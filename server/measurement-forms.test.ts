import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "#core/i18n/ar.ts";
import { en } from "#core/i18n/en.ts";
import { CSRF_COOKIE } from "#core/page-session.ts";
import { call, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const HOST = "127.0.0.1:4321";
const ORIGIN = `http://${HOST}`;

function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers["set-cookie"];
  return Array.isArray(value) ? value.map(String) : value ? [String(value)] : [];
}
const pair = (line: string) => line.split(";")[0] ?? "";

const INCHES = {
  "m.bust": "36",
  "m.waist": "29",
  "m.hips": "39.5",
  "m.shoulder": "15",
  "m.sleeveLength": "23",
  "m.fullLength": "55",
};

/**
 * /account's measurement-profile forms without JavaScript (issue 29; decision 0040, as 0034 for
 * addresses): the page session's shopper saves and removes her own profiles through the same service as
 * the API; a refused post is drawn again in the page's language and stores nothing; a foreign post or
 * another shopper's profile changes nothing.
 */
describe.each(TEST_ENGINES)("native measurement forms on $name", (engine) => {
  let store: TestStore;
  const password = "native-measure-1";

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true });
  });
  afterAll(() => store.close());

  async function nativeShopper(name: string) {
    const phone = freshPhone();
    await call(store.app, "POST", "/api/user/register", { body: { name, phone, password }, ip: freshIp() });
    const page = await store.app.inject({ method: "GET", url: "/login", headers: { host: HOST } });
    const csrfCookie = setCookies(page.headers)
      .map(pair)
      .find((c) => c.startsWith(`${CSRF_COOKIE}=`)) as string;
    const csrf = csrfCookie.slice(CSRF_COOKIE.length + 1);
    const login = await post("/login", { identifier: phone, password, csrf }, csrfCookie);
    expect(login.statusCode).toBe(303);
    const jar = [csrfCookie, ...setCookies(login.headers).map(pair)].join("; ");
    const answer = await call(store.app, "POST", "/api/user/login", {
      body: { identifier: phone, password },
      ip: freshIp(),
    });
    return { jar, csrf, token: String(answer.body.token) };
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
  const get = (url: string, cookie: string) =>
    store.app.inject({ method: "GET", url, headers: { host: HOST, cookie } });
  const profilesOf = async (token: string) =>
    (await call(store.app, "GET", "/api/measurements", { token })).body.profiles as {
      id: string;
      name: string;
      unit: string;
      valuesMm: Record<string, number>;
    }[];

  it("draws the form that posts, saves a profile typed in inches and lists it: 303 back with a notice", async () => {
    const she = await nativeShopper("Amna Native");
    const opened = await get("/account?tab=measurements&profile=new", she.jar);
    expect(opened.statusCode).toBe(200);
    const form = /<form[^>]*data-testid="measurement-form"[^>]*>/.exec(opened.body)?.[0];
    expect(form).toContain('method="post"');
    expect(opened.body).toContain(`name="csrf" value="${she.csrf}"`);
    const saved = await post(
      "/account?tab=measurements",
      { intent: "measurement-save", csrf: she.csrf, name: "Me", unit: "in", ...INCHES },
      she.jar,
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/account?tab=measurements&notice=saved");
    const [profile] = await profilesOf(she.token);
    expect(profile).toMatchObject({ name: "Me", unit: "in", valuesMm: { bust: 914, hips: 1003 } });
    const list = visibleText((await get("/account?tab=measurements&notice=saved&show=cm", she.jar)).body);
    expect(list).toContain(en["profile.mtm.profile.saved"]);
    expect(list).toContain("91.4 cm");
  });

  it("a refused post in Arabic is drawn again as typed with Arabic messages, and nothing is stored", async () => {
    const she = await nativeShopper("Huda Native");
    const refused = await post(
      "/ar/account?tab=measurements",
      { intent: "measurement-save", csrf: she.csrf, name: "", unit: "cm", ...INCHES, "m.bust": "400" },
      she.jar,
    );
    expect(refused.statusCode).toBe(400);
    const text = visibleText(refused.body);
    expect(text).toContain(ar["profile.mtm.name.required"]);
    expect(text).toContain("محيط الصدر: بين 45 و180 سم");
    expect(refused.body).toContain('value="400"');
    expect(await profilesOf(she.token)).toEqual([]);
  });

  it("a post from another site, or on another shopper's profile, changes nothing", async () => {
    const she = await nativeShopper("Salma Native");
    const other = await nativeShopper("Other Native");
    const fields = { intent: "measurement-save", csrf: she.csrf, name: "Me", unit: "in", ...INCHES };
    const foreign = await post("/account?tab=measurements", fields, she.jar, {
      origin: "https://evil.example",
    });
    expect(foreign.statusCode).not.toBe(303);
    expect(await profilesOf(she.token)).toEqual([]);
    await post("/account?tab=measurements", fields, she.jar);
    const [mine] = await profilesOf(she.token);
    const edit = await post(
      "/account?tab=measurements",
      { ...fields, csrf: other.csrf, id: mine!.id, name: "Taken" },
      other.jar,
    );
    expect(edit.statusCode).toBe(404);
    const removed = await post(
      "/account?tab=measurements",
      { intent: "measurement-delete", csrf: other.csrf, id: mine!.id },
      other.jar,
    );
    expect(removed.statusCode).toBe(404);
    expect(await profilesOf(she.token)).toEqual([expect.objectContaining({ id: mine!.id, name: "Me" })]);
    const gone = await post(
      "/account?tab=measurements",
      { intent: "measurement-delete", csrf: she.csrf, id: mine!.id },
      she.jar,
    );
    expect(gone.headers.location).toBe("/account?tab=measurements&notice=removed");
    expect(await profilesOf(she.token)).toEqual([]);
  });

  it("draws the measuring guide in the page before the script (?guide=1)", async () => {
    const she = await nativeShopper("Guide Native");
    const page = await get("/ar/account?tab=measurements&guide=1", she.jar);
    const text = visibleText(page.body);
    expect(text).toContain(ar["profile.mtm.guide.title"]);
    expect(text).toContain(ar["profile.mtm.guide.bust"]);
    expect(page.body).toContain('role="img"');
  });
});
