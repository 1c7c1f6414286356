import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "#core/i18n/ar.ts";
import { arServer } from "#core/i18n/ar-server.ts";
import { en } from "#core/i18n/en.ts";
import { CSRF_COOKIE } from "#core/page-session.ts";
import { call, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const HOST = "127.0.0.1:4321";
const ORIGIN = `http://${HOST}`;
const arabic: Record<string, string> = { ...arServer, ...ar };

function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers["set-cookie"];
  return Array.isArray(value) ? value.map(String) : value ? [String(value)] : [];
}
const pair = (line: string) => line.split(";")[0] ?? "";

const ADDRESS = {
  first_name: "Mariam",
  last_name: "Saeed",
  address: "Villa 12, Street 4, Al Barsha",
  landmark: "",
  city: "Dubai",
  state: "Dubai",
  postcode: "00000",
  country: "UAE",
  phone: "",
};

/**
 * /account's address forms and the review form without JavaScript (decision 0034): a shopper signed in
 * by the plain log-in form (the page session) posts them to /account's action, which runs the API's
 * schemas and services; a foreign or token-less post stores nothing; she reaches only her own addresses.
 */
describe.each(TEST_ENGINES)("native address and review forms on $name", (engine) => {
  let store: TestStore;
  const password = "native-forms-1";
  let products: { id: string; slug: string }[];

  beforeAll(async () => {
    store = await createTestStore(engine, { pages: true });
    products = await store.database.db
      .selectFrom("products")
      .select(["id", "slug"])
      .orderBy("slug")
      .limit(4)
      .execute();
  });
  afterAll(() => store.close());

  /** A new shopper signed in by the plain form: her cookie jar (page session + CSRF) and CSRF token. */
  async function nativeShopper(name: string) {
    const phone = freshPhone();
    const reg = await call(store.app, "POST", "/api/user/register", {
      body: { name, phone, password },
      ip: freshIp(),
    });
    expect(reg.status).toBe(201);
    const page = await store.app.inject({ method: "GET", url: "/login", headers: { host: HOST } });
    const csrfCookie = setCookies(page.headers)
      .map(pair)
      .find((c) => c.startsWith(`${CSRF_COOKIE}=`)) as string;
    const csrf = csrfCookie.slice(CSRF_COOKIE.length + 1);
    const login = await post("/login", { identifier: phone, password, csrf }, csrfCookie);
    expect(login.statusCode).toBe(303);
    const jar = [csrfCookie, ...setCookies(login.headers).map(pair)].join("; ");
    const token = String(
      (
        await call(store.app, "POST", "/api/user/login", {
          body: { identifier: phone, password },
          ip: freshIp(),
        })
      ).body.token,
    );
    return { jar, csrf, token };
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

  async function addressesOf(token: string) {
    const answer = await call(store.app, "GET", "/api/address/get", { token });
    return answer.body.addresses as { first_name: string; city: string }[];
  }

  it("draws her addresses with forms that post, then adds and edits one: 303 back with SPEC's notice", async () => {
    const she = await nativeShopper("Mariam Native");
    const empty = await get("/account?tab=addresses", she.jar);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers["cache-control"]).toContain("no-store");
    expect(visibleText(empty.body)).toContain(en["address.empty"]);
    const opened = await get("/account?tab=addresses&address=new", she.jar);
    const form = /<form[^>]*data-testid="address-form"[^>]*>/.exec(opened.body)?.[0];
    expect(form).toContain('method="post"');
    expect(opened.body).toContain(`name="csrf" value="${she.csrf}"`);

    const added = await post(
      "/account?tab=addresses",
      { ...ADDRESS, intent: "address-add", csrf: she.csrf },
      she.jar,
    );
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe("/account?tab=addresses&notice=added");
    const listed = await get(added.headers.location as string, she.jar);
    expect(visibleText(listed.body)).toContain(en["address.added"]);
    expect(visibleText(listed.body)).toContain("Villa 12, Street 4, Al Barsha");

    const edited = await post(
      "/ar/account?tab=addresses",
      { ...ADDRESS, city: "Sharjah", state: "Sharjah", intent: "address-edit", index: "0", csrf: she.csrf },
      she.jar,
    );
    expect(edited.statusCode).toBe(303);
    expect(edited.headers.location).toBe("/ar/account?tab=addresses&notice=updated");
    expect(visibleText((await get(edited.headers.location as string, she.jar)).body)).toContain(
      arabic["address.updated"],
    );
    expect(await addressesOf(she.token)).toMatchObject([{ first_name: "Mariam", city: "Sharjah" }]);

    // A second address, then made primary from its own little form.
    await post(
      "/account?tab=addresses",
      { ...ADDRESS, first_name: "Huda", intent: "address-add", csrf: she.csrf },
      she.jar,
    );
    const primary = await post(
      "/account?tab=addresses",
      { intent: "address-primary", index: "1", csrf: she.csrf },
      she.jar,
    );
    expect(primary.headers.location).toBe("/account?tab=addresses&notice=primary");
    const book = await call(store.app, "GET", "/api/address/get", { token: she.token });
    expect((book.body.primaryAddress as { first_name: string }).first_name).toBe("Huda");
  });

  it("removes an address after the confirmation the page draws for ?remove=, which a foreign post cannot skip", async () => {
    const she = await nativeShopper("Salma Native");
    for (const first_name of ["Salma", "Noor"]) {
      await post(
        "/account?tab=addresses",
        { ...ADDRESS, first_name, intent: "address-add", csrf: she.csrf },
        she.jar,
      );
    }
    const list = await get("/account?tab=addresses", she.jar);
    expect(list.body).toContain('href="?tab=addresses&amp;remove=1"');
    const asked = await get("/account?tab=addresses&remove=1", she.jar);
    expect(visibleText(asked.body)).toContain(en["address.confirm"]);
    const confirm =
      /<section[^>]*data-testid="confirm-remove-drawn"[\s\S]*?<\/section>/.exec(asked.body)?.[0] ?? "";
    expect(confirm).toContain('method="post"');
    expect(confirm).toContain('name="index" value="1"');
    expect(visibleText(confirm)).toContain("Noor");

    const foreign = await post(
      "/account?tab=addresses",
      { intent: "address-remove", index: "1", csrf: she.csrf },
      she.jar,
      { origin: "https://elsewhere.example" },
    );
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    const tokenless = await post("/account?tab=addresses", { intent: "address-remove", index: "1" }, she.jar);
    expect(tokenless.statusCode).toBe(403);
    expect((await addressesOf(she.token)).map((a) => a.first_name)).toEqual(["Salma", "Noor"]);
    const outOfRange = await post(
      "/account?tab=addresses",
      { intent: "address-remove", index: "7", csrf: she.csrf },
      she.jar,
    );
    expect(outOfRange.statusCode).toBeGreaterThanOrEqual(400);
    expect(outOfRange.statusCode).toBeLessThan(500);

    const removed = await post(
      "/ar/account?tab=addresses",
      { intent: "address-remove", index: "1", csrf: she.csrf },
      she.jar,
    );
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe("/ar/account?tab=addresses&notice=removed");
    expect(visibleText((await get(removed.headers.location as string, she.jar)).body)).toContain(
      arabic["address.removed"],
    );
    expect((await addressesOf(she.token)).map((a) => a.first_name)).toEqual(["Salma"]);
  });

  it("draws the form again as typed with the schema's messages, in each language; nothing stored", async () => {
    const she = await nativeShopper("Salma Native");
    const english = await post(
      "/account?tab=addresses",
      {
        ...ADDRESS,
        first_name: "",
        state: "Nowhere",
        city: "Typed City",
        intent: "address-add",
        csrf: she.csrf,
      },
      she.jar,
    );
    expect(english.statusCode).toBe(400);
    const text = visibleText(english.body);
    expect(text).toContain(en["field.firstNameRequired"]);
    expect(text).toContain(en["field.stateInvalid"]);
    expect(english.body).toContain('value="Typed City"');
    const arabicAnswer = await post(
      "/ar/account?tab=addresses",
      { ...ADDRESS, city: "", intent: "address-add", csrf: she.csrf },
      she.jar,
    );
    expect(arabicAnswer.statusCode).toBe(400);
    expect(visibleText(arabicAnswer.body)).toContain(arabic["field.cityRequired"]);
    expect(await addressesOf(she.token)).toEqual([]);
  });

  it("refuses a foreign Origin or a wrong CSRF token, and never reaches another shopper's address", async () => {
    const she = await nativeShopper("Aisha Native");
    const other = await nativeShopper("Fatima Native");
    await call(store.app, "POST", "/api/address/save", { token: other.token, body: { address: ADDRESS } });

    const wrong = await post(
      "/account?tab=addresses",
      { ...ADDRESS, intent: "address-add", csrf: "x".repeat(32) },
      she.jar,
    );
    expect(wrong.statusCode).toBe(403);
    expect(visibleText(wrong.body)).toContain(en["login.failedFallback"]);
    const missing = await post("/account?tab=addresses", { ...ADDRESS, intent: "address-add" }, she.jar);
    expect(missing.statusCode).toBe(403);
    const foreign = await post(
      "/account?tab=addresses",
      { ...ADDRESS, intent: "address-add", csrf: she.csrf },
      she.jar,
      {
        origin: "https://evil.example",
      },
    );
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    expect(await addressesOf(she.token)).toEqual([]);

    // Index 0 is hers to name, never the other shopper's: she has none, so the edit is refused.
    const edit = await post(
      "/account?tab=addresses",
      { ...ADDRESS, first_name: "Intruder", intent: "address-edit", index: "0", csrf: she.csrf },
      she.jar,
    );
    expect(edit.statusCode).toBe(404);
    expect(await addressesOf(other.token)).toMatchObject([{ first_name: "Mariam" }]);
    // Without a page session the post signs nobody in and stores nothing.
    const visitor = await post(
      "/account?tab=addresses",
      { ...ADDRESS, intent: "address-add", csrf: she.csrf },
      `${CSRF_COOKIE}=${she.csrf}`,
    );
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe("/login");
  });

  it("writes a review from the server-drawn form: SPEC's checks and messages, then the success notice", async () => {
    const she = await nativeShopper("Reem Native");
    const product = products[0]!;
    const page = await get(`/account?review=${product.slug}`, she.jar);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="native-review-form"');

    const bad = await post(
      `/account?review=${product.slug}`,
      { intent: "review", product: product.slug, rating: "", comment: "short", csrf: she.csrf },
      she.jar,
    );
    expect(bad.statusCode).toBe(400);
    expect(visibleText(bad.body)).toContain(en["review.ratingRequired"]);
    expect(visibleText(bad.body)).toContain(en["review.commentTooShort"]);
    expect(bad.body).toContain(">short</textarea>");
    const arBad = await post(
      `/ar/account?review=${product.slug}`,
      { intent: "review", product: product.slug, rating: "4", comment: "", csrf: she.csrf },
      she.jar,
    );
    expect(visibleText(arBad.body)).toContain(arabic["review.commentTooShort"]);
    expect(arBad.body).toMatch(/value="4" checked=""|checked="" value="4"/);

    const comment = "Lovely fabric, the colour is exactly as shown.";
    const saved = await post(
      `/account?review=${product.slug}`,
      { intent: "review", product: product.slug, rating: "5", comment, csrf: she.csrf },
      she.jar,
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/account?review=${product.slug}&notice=pending`);
    const done = visibleText((await get(saved.headers.location as string, she.jar)).body);
    expect(done).toContain(en["review.submitted"]);
    expect(done).toContain(en["review.pending"]);
    expect(done).toContain(en["review.awaiting"]);
    const own = await call(store.app, "POST", "/api/review/user-review", {
      token: she.token,
      body: { productId: product.id },
    });
    expect(own.body.review).toMatchObject({ rating: 5, comment, status: "pending" });

    const again = await post(
      `/account?review=${product.slug}`,
      {
        intent: "review",
        product: product.slug,
        rating: "1",
        comment: "A second try at this review.",
        csrf: she.csrf,
      },
      she.jar,
    );
    expect(again.statusCode).toBe(409);
    expect(visibleText(again.body)).toContain(en["review.duplicate"]);
  });

  it("answers the back office's settings form posted without its script with the page again, saving nothing", async () => {
    const before = (await store.services.settings.shop()).shopName;
    const answer = await post("/admin/settings", { shopName: "Posted Without Script", phone: "0" }, "");
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toMatch(/^\/admin\/(settings|login)/);
    expect(answer.headers.location).not.toContain("Posted");
    expect((await store.services.settings.shop()).shopName).toBe(before);
  });

  it("refuses a review posted from another site or without the token, and asks a visitor to log in", async () => {
    const she = await nativeShopper("Lina Native");
    const product = products[1]!;
    const fields = {
      intent: "review",
      product: product.slug,
      rating: "4",
      comment: "Beautiful stitching and soft cloth.",
    };
    const wrong = await post(`/account?review=${product.slug}`, { ...fields, csrf: "y".repeat(32) }, she.jar);
    expect(wrong.statusCode).toBe(403);
    const foreign = await post(`/account?review=${product.slug}`, { ...fields, csrf: she.csrf }, she.jar, {
      origin: "https://evil.example",
    });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    const own = await call(store.app, "POST", "/api/review/user-review", {
      token: she.token,
      body: { productId: product.id },
    });
    expect(own.body.review).toBeNull();

    const visitor = await get(`/ar/account?review=${product.slug}`, "");
    expect(visibleText(visitor.body)).toContain(arabic["review.loginRequired"]);
    expect(visitor.body).not.toContain('data-testid="native-review-form"');
  });
});
