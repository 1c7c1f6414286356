import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SESSION_COOKIE } from "#core/admin.ts";
import { requestMessagesAr } from "#core/i18n/request-messages.ar.ts";
import { requestMessage } from "#core/i18n/request-messages.en.ts";
import { requestSentence } from "../app/lib/request-forms.server.tsx";
import { freshIp } from "./testing/accounts.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "./testing/admin.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const HOST = "127.0.0.1:4321";
const ORIGIN = `http://${HOST}`;

/**
 * The contact and stitching forms posted without JavaScript (issue 22, decision 0018): the pages' route
 * actions run the same checks and service calls as the API, store the request, and answer the same page
 * with the scripted page's words; a post from another site is refused and stores nothing.
 */
describe.each(TEST_ENGINES)("the request forms without JavaScript on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine, {
      pages: true,
      env: { SEED_DEMO: "false", REQUEST_RATE_LIMIT_PER_IP: "2" },
    });
  });
  afterAll(() => store.close());

  const db = () => store.database.db;
  const contact = {
    name: "Huda Plainform",
    email: "huda@example.ae",
    subject: "Sizes",
    message: "Do you make the abaya in petite sizes?",
    website: "",
  };

  function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return store.app.inject({
      method: "POST",
      url: path,
      headers: {
        host: HOST,
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": freshIp(),
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const storedBy = (email: string) =>
    db().selectFrom("contact_messages").selectAll().where("email", "=", email).execute();

  it("stores a contact message and answers the page with the success text and its reference, private to her", async () => {
    const answer = await post("/contact", contact);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toMatch(/^private/);
    const rows = await storedBy(contact.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: contact.name, subject: contact.subject, language: "en" });
    const text = visibleText(answer.body);
    expect(text).toContain("Thank you, your message has been sent.");
    expect(text).toContain(`Your reference number is ${rows[0]?.reference}.`);
  });

  it("answers a bad form with the hydrated page's field messages, keeps what was typed and stores nothing", async () => {
    const email = "not-an-address";
    const answer = await post("/contact", { ...contact, email, subject: "" });
    expect(answer.statusCode).toBe(400);
    const text = visibleText(answer.body);
    expect(text).toContain("Please enter a subject.");
    expect(answer.body).toContain(`value="${contact.name}"`);
    expect(await storedBy(email)).toHaveLength(0);

    const arabic = await post("/ar/contact", { ...contact, email: "x@example.ae", subject: "" });
    expect(arabic.statusCode).toBe(400);
    expect(visibleText(arabic.body)).toContain(requestMessagesAr.subjectRequired);
  });

  it("refuses a post from another site (its Origin, or Sec-Fetch-Site without one) and stores nothing", async () => {
    const email = "csrf@example.ae";
    const foreign = await post("/contact", { ...contact, email }, { origin: "https://evil.example" });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    const noOrigin = await store.app.inject({
      method: "POST",
      url: "/contact",
      headers: {
        host: HOST,
        "sec-fetch-site": "cross-site",
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": freshIp(),
      },
      payload: new URLSearchParams({ ...contact, email }).toString(),
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(visibleText(noOrigin.body)).toContain("Failed to send message. Please try again.");
    expect(await storedBy(email)).toHaveLength(0);
  });

  it("stores a stitching request from the Arabic page, in Arabic", async () => {
    const phone = "0501234987";
    const answer = await post("/ar/stitching-service", {
      name: "Fatima Plainform",
      phoneNumber: phone,
      addressType: "Home",
      fullAddress: "Villa 9, Street 4",
      landmark: "",
      city: "Dubai",
      pinCode: "123456",
      serviceType: "Graceful Abayas",
      itemCount: "2",
      message: "",
      website: "",
    });
    expect(answer.statusCode).toBe(200);
    const row = await db()
      .selectFrom("stitching_requests")
      .selectAll()
      .where("name", "=", "Fatima Plainform")
      .executeTakeFirst();
    expect(row).toMatchObject({ item_count: 2, city: "Dubai", language: "ar" });
    expect(visibleText(answer.body)).toContain(requestMessagesAr.stitchingSent);
    expect(visibleText(answer.body)).toContain(row?.reference ?? "missing");

    const bad = await post("/stitching-service", { name: "Fatima", phoneNumber: "12", itemCount: "0" });
    expect(bad.statusCode).toBe(400);
    expect(visibleText(bad.body)).toContain("Please enter a whole number of items, at least 1.");
  });

  it("keeps the per-client rate limit: past it, the page says how long to wait and stores nothing", async () => {
    const ip = freshIp();
    const send = (n: number) =>
      post("/contact", { ...contact, email: `limit${n}@example.ae` }, { "x-forwarded-for": ip });
    expect((await send(1)).statusCode).toBe(200);
    expect((await send(2)).statusCode).toBe(200);
    const third = await send(3);
    expect(third.statusCode).toBe(429);
    expect(visibleText(third.body)).toContain("You have sent several requests in a short time.");
    expect(await storedBy("limit3@example.ae")).toHaveLength(0);
  });

  it("says on the Arabic page how many minutes to wait in the count's Arabic form", async () => {
    const ip = freshIp();
    const send = (n: number) =>
      post("/ar/contact", { ...contact, email: `limit-ar${n}@example.ae` }, { "x-forwarded-for": ip });
    expect((await send(1)).statusCode).toBe(200);
    expect((await send(2)).statusCode).toBe(200);
    const third = await send(3);
    expect(third.statusCode).toBe(429);
    // The window is 15 minutes: Arabic counts 11 to 99 in the singular ('many').
    expect(visibleText(third.body)).toContain("يرجى الانتظار 15 دقيقة ثم المحاولة مرة أخرى");
    expect(await storedBy("limit-ar3@example.ae")).toHaveLength(0);
    // The other counts, as the page would word the server's English sentence.
    const phone = "+971 4 000 0000";
    const wait = (count: number) =>
      /يرجى الانتظار (.+?) ثم/.exec(
        requestSentence(
          "ar",
          requestMessage(count === 1 ? "tooMany.one" : "tooMany.other", { count, phone }),
        ),
      )?.[1];
    expect([1, 2, 3, 10, 11, 100].map(wait)).toEqual([
      "دقيقة",
      "دقيقتين",
      "3 دقائق",
      "10 دقائق",
      "11 دقيقة",
      "100 دقيقة",
    ]);
  });

  it("signs staff in to the back office from the plain log-in form: the session cookie set, the back office drawn", async () => {
    const staff = await createRoleUser(db(), "staff");
    const wrong = await post("/admin/login", { email: staff.email, password: "not-the-password" });
    expect(wrong.statusCode).toBe(401);
    expect(visibleText(wrong.body)).toContain("The e-mail or password is not right.");
    expect(wrong.body).not.toContain("not-the-password");
    expect(String(wrong.headers["set-cookie"] ?? "")).not.toContain(`${ADMIN_SESSION_COOKIE}=`);

    const empty = await post("/admin/login", { email: staff.email, password: "" });
    expect(empty.statusCode).toBe(400);
    expect(visibleText(empty.body)).toContain("Enter your e-mail and password.");

    const foreign = await post(
      "/admin/login",
      { email: staff.email, password: ADMIN_TEST_PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(String(foreign.headers["set-cookie"] ?? "")).not.toContain(`${ADMIN_SESSION_COOKIE}=`);

    const answer = await post("/admin/login?next=%2Fadmin%2Forders", {
      email: staff.email,
      password: ADMIN_TEST_PASSWORD,
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe("/admin/orders");
    const cookie = String(answer.headers["set-cookie"] ?? "");
    expect(cookie).toMatch(new RegExp(`^${ADMIN_SESSION_COOKIE}=[^;]+; Path=/; HttpOnly`));
    const orders = await store.app.inject({
      method: "GET",
      url: "/admin/orders",
      headers: { host: HOST, cookie: cookie.split(";")[0] ?? "" },
    });
    expect(orders.statusCode).toBe(200);
    expect(visibleText(orders.body)).toContain(staff.name);
  });
});
