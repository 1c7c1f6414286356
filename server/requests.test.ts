import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, freshIp, freshPhone } from "./testing/accounts.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { codeIn, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

const SHOP_EMAIL = "atelier@example.com";
const SHOP_PHONE = "+971 4 555 0100";
const PER_IP = 3;
const CONTACT_SENT = "Thank you, your message has been sent.";
const STITCHING_SENT = "Stitching Service Request Submitted Successfully";

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: "Mariam Al Suwaidi",
  email: "Mariam@Example.com",
  subject: "Sleeve length",
  message: "Can the Nida abaya be made with longer sleeves?",
  ...overrides,
});

const stitching = (overrides: Record<string, unknown> = {}) => ({
  name: "Huda Rahman",
  phoneNumber: "050 765 4321",
  addressType: "Office",
  fullAddress: "Office 1402, Bay Square 5, Business Bay",
  landmark: "Opposite the metro",
  city: "Dubai",
  pinCode: "123456",
  serviceType: "Graceful Abayas",
  itemCount: "3",
  message: "Two abayas and one kaftan, fabric of my own.",
  ...overrides,
});

describe.each(TEST_ENGINES)("contact messages and stitching requests on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: TestStore;
  let shopperCounter = 0;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createTestStore(engine, {
      env: {
        SEED_DEMO: "false",
        SMTP_URL: smtp.url,
        SHOP_EMAIL,
        SHOP_PHONE,
        REQUEST_RATE_LIMIT_PER_IP: String(PER_IP),
        JWT_SECRET: "requests-test-secret-that-is-long-enough-0123456789",
      },
    });
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  const db = () => store.database.db;
  const post = (url: string, body: unknown, options: { ip?: string; token?: string } = {}) =>
    call(store.app, "POST", url, { body, ip: options.ip ?? freshIp(), token: options.token });

  async function count(table: "contact_messages" | "stitching_requests" | "outbox") {
    const row = await db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const counts = async () => ({
    contact: await count("contact_messages"),
    stitching: await count("stitching_requests"),
    outbox: await count("outbox"),
  });

  /** A shopper who signed up, verified the e-mail with the code mailed over SMTP, and logged in. */
  async function signedInShopper() {
    shopperCounter += 1;
    const shopper = {
      name: `Requests Shopper ${shopperCounter}`,
      phone: freshPhone(),
      email: `requests${shopperCounter}@example.com`,
      password: `secret-pass-${shopperCounter}`,
    };
    const since = smtp.received.length;
    expect((await post("/api/user/register", shopper)).status).toBe(201);
    const code = codeIn(await smtp.waitFor(shopper.email, { since }));
    expect((await post("/api/user/verify-email-otp", { email: shopper.email, otp: code })).status).toBe(200);
    const login = await post("/api/user/login", { identifier: shopper.email, password: shopper.password });
    expect(login.status).toBe(200);
    const user = await db()
      .selectFrom("users")
      .select("id")
      .where("email", "=", shopper.email)
      .executeTakeFirstOrThrow();
    return { ...shopper, id: user.id, token: login.body.token as string };
  }

  describe("POST /api/contact/send", () => {
    it("stores the message under a reference, mails it to the shop and acknowledges the shopper", async () => {
      const since = smtp.received.length;
      const res = await post("/api/contact/send", contact());
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ success: true, message: CONTACT_SENT });
      const reference = res.body.reference as string;
      expect(reference).toMatch(/^MSG-[2-9A-Z]{6}$/);

      const row = await db()
        .selectFrom("contact_messages")
        .selectAll()
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: "Mariam Al Suwaidi",
        email: "mariam@example.com",
        subject: "Sleeve length",
        message: "Can the Nida abaya be made with longer sleeves?",
        user_id: null,
        status: "new",
      });

      const shopMail = await smtp.waitFor(SHOP_EMAIL, { since, subject: new RegExp(reference) });
      expect(shopMail.subject).toBe(`Message ${reference}: Sleeve length`);
      expect(shopMail.raw).toContain("mariam@example.com");
      expect(shopMail.raw).toContain("longer sleeves");

      const ack = await smtp.waitFor("mariam@example.com", { since });
      expect(ack.subject).toBe(`We received your message (${reference})`);
      expect(ack.raw).toContain("within 24 hours");
      // The acknowledgement repeats neither the subject nor the message (no relaying of free text).
      expect(ack.raw).not.toContain("longer sleeves");

      await store.services.mail.idle();
      const mails = await db()
        .selectFrom("outbox")
        .select(["to_address", "status", "kind"])
        .where("subject", "like", `%${reference}%`)
        .orderBy("kind")
        .execute();
      expect(mails).toEqual([
        { to_address: "mariam@example.com", status: "sent", kind: "contact-ack" },
        { to_address: SHOP_EMAIL, status: "sent", kind: "contact-message" },
      ]);
    });

    it("links a signed-in shopper's message to the account, and takes a forged token's as a visitor's", async () => {
      const shopper = await signedInShopper();
      const mine = await post("/api/contact/send", contact({ email: shopper.email }), {
        token: shopper.token,
      });
      expect(mine.status).toBe(201);
      const forged = await post("/api/contact/send", contact(), { token: "not-a-real-token" });
      expect(forged.status).toBe(201);
      const rows = await db()
        .selectFrom("contact_messages")
        .select(["reference", "user_id"])
        .where("reference", "in", [mine.body.reference as string, forged.body.reference as string])
        .execute();
      expect(Object.fromEntries(rows.map((r) => [r.reference, r.user_id]))).toEqual({
        [mine.body.reference as string]: shopper.id,
        [forged.body.reference as string]: null,
      });
    });

    const refusals: [string, Record<string, unknown>, string, string][] = [
      ["a missing name", { name: undefined }, "name", "Please enter your name."],
      ["a blank name", { name: "   " }, "name", "Please enter your name."],
      [
        "a name over 100 characters",
        { name: "N".repeat(101) },
        "name",
        "Your name can be at most 100 characters.",
      ],
      ["a missing e-mail", { email: "" }, "email", "Please enter your email address."],
      ["an invalid e-mail", { email: "mariam@" }, "email", "Please enter a valid email address."],
      ["a missing subject", { subject: undefined }, "subject", "Please enter a subject."],
      [
        "a subject over 150 characters",
        { subject: "S".repeat(151) },
        "subject",
        "The subject can be at most 150 characters.",
      ],
      ["a missing message", { message: "" }, "message", "Please write your message."],
      [
        "a message over 3000 characters",
        { message: "m".repeat(3001) },
        "message",
        "Your message can be at most 3000 characters.",
      ],
      ["a message that is not text", { message: 42 }, "message", "Please write your message."],
    ];
    it.each(refusals)(
      "refuses %s with 400 and the field's message, storing and mailing nothing",
      async (_case, change, field, message) => {
        const before = await counts();
        const res = await post("/api/contact/send", contact(change));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, code: "validation", message, field });
        await store.services.mail.idle();
        expect(await counts()).toEqual(before);
      },
    );

    it("refuses a body that is not a JSON object with 400", async () => {
      const before = await counts();
      for (const body of [["a"], "hello", 7]) {
        const res = await post("/api/contact/send", body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          code: "validation",
          message: "The request body must be a JSON object.",
        });
      }
      expect(await counts()).toEqual(before);
    });

    it("answers a filled-in spam trap as it answers a person, but stores and mails nothing", async () => {
      const before = await counts();
      const res = await post("/api/contact/send", contact({ website: "http://spam.example" }));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, message: CONTACT_SENT });
      await store.services.mail.idle();
      expect(await counts()).toEqual(before);
    });

    it("limits one client to a few messages a window with 429 and a clear message; others still get through", async () => {
      const ip = freshIp();
      for (let i = 0; i < PER_IP; i += 1) {
        expect((await post("/api/contact/send", contact(), { ip })).status).toBe(201);
      }
      const before = await counts();
      const blocked = await post("/api/contact/send", contact(), { ip });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        success: false,
        code: "rate_limited",
        message: `You have sent several requests in a short time. Please wait 15 minutes and try again, or call us at ${SHOP_PHONE}.`,
      });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
      expect(await counts()).toEqual(before);
      // The stitching form and other clients are counted on their own.
      expect((await post("/api/stitching/request", stitching(), { ip })).status).toBe(201);
      expect((await post("/api/contact/send", contact())).status).toBe(201);
    });
  });

  describe("POST /api/stitching/request", () => {
    it("stores a visitor's request under a reference and mails it to the shop", async () => {
      const since = smtp.received.length;
      const before = await counts();
      const res = await post("/api/stitching/request", stitching());
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ success: true, message: STITCHING_SENT });
      const reference = res.body.reference as string;
      expect(reference).toMatch(/^ST-[2-9A-Z]{6}$/);

      const row = await db()
        .selectFrom("stitching_requests")
        .selectAll()
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow();
      expect({ ...row, item_count: Number(row.item_count) }).toMatchObject({
        name: "Huda Rahman",
        phone: "+971507654321",
        email: null,
        user_id: null,
        address_type: "Office",
        full_address: "Office 1402, Bay Square 5, Business Bay",
        landmark: "Opposite the metro",
        city: "Dubai",
        pin_code: "123456",
        service_type: "Graceful Abayas",
        item_count: 3,
        message: "Two abayas and one kaftan, fabric of my own.",
        status: "new",
      });

      const shopMail = await smtp.waitFor(SHOP_EMAIL, { since, subject: new RegExp(reference) });
      expect(shopMail.subject).toBe(`Stitching request ${reference}: Graceful Abayas, 3 items, Huda Rahman`);
      expect(shopMail.raw).toContain("+971507654321");
      expect(shopMail.raw).toContain("Bay Square 5");
      // No e-mail is known for a visitor (the form asks for none): the shop's mail is the only one.
      await store.services.mail.idle();
      expect((await counts()).outbox).toBe(before.outbox + 1);
    });

    it("links a signed-in shopper's request and acknowledges it at the account's verified e-mail", async () => {
      const shopper = await signedInShopper();
      const since = smtp.received.length;
      const res = await post(
        "/api/stitching/request",
        stitching({ itemCount: 20, landmark: "", message: null }),
        { token: shopper.token },
      );
      expect(res.status).toBe(201);
      const reference = res.body.reference as string;
      const row = await db()
        .selectFrom("stitching_requests")
        .selectAll()
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: shopper.id, email: shopper.email, landmark: null, message: null });
      expect(Number(row.item_count)).toBe(20);
      const ack = await smtp.waitFor(shopper.email, { since });
      expect(ack.subject).toBe(`Your stitching request ${reference}`);
      expect(ack.raw).toContain("within 24 hours");
      await smtp.waitFor(SHOP_EMAIL, { since, subject: new RegExp(reference) });
    });

    const refusals: [string, Record<string, unknown>, string, string][] = [
      ["a missing name", { name: "" }, "name", "Please enter your name."],
      ["a missing phone", { phoneNumber: undefined }, "phoneNumber", "Please enter your phone number."],
      [
        "a phone that is not a UAE mobile",
        { phoneNumber: "+44 7700 900123" },
        "phoneNumber",
        "Please enter a valid UAE mobile number, such as 050 123 4567.",
      ],
      [
        "a UAE landline",
        { phoneNumber: "04 555 0100" },
        "phoneNumber",
        "Please enter a valid UAE mobile number, such as 050 123 4567.",
      ],
      [
        "a missing address type",
        { addressType: undefined },
        "addressType",
        "Please choose Home, Office or Other.",
      ],
      [
        "an unknown address type",
        { addressType: "Hotel" },
        "addressType",
        "Please choose Home, Office or Other.",
      ],
      ["a missing full address", { fullAddress: " " }, "fullAddress", "Please enter your full address."],
      [
        "a full address over 300 characters",
        { fullAddress: "A".repeat(301) },
        "fullAddress",
        "The address can be at most 300 characters.",
      ],
      [
        "a landmark over 100 characters",
        { landmark: "L".repeat(101) },
        "landmark",
        "The landmark can be at most 100 characters.",
      ],
      ["a missing city", { city: undefined }, "city", "Please enter your city."],
      ["a missing pin code", { pinCode: "" }, "pinCode", "Please enter your 6-digit pin code."],
      ["a 5-digit pin code", { pinCode: "12345" }, "pinCode", "The pin code must be exactly 6 digits."],
      ["a 7-digit pin code", { pinCode: "1234567" }, "pinCode", "The pin code must be exactly 6 digits."],
      ["a pin code with letters", { pinCode: "12a456" }, "pinCode", "The pin code must be exactly 6 digits."],
      [
        "a missing service type",
        { serviceType: undefined },
        "serviceType",
        "Please choose Ethnic Elegance, Graceful Abayas or Designer Jalabiya.",
      ],
      [
        "an unknown service type",
        { serviceType: "Wedding Gowns" },
        "serviceType",
        "Please choose Ethnic Elegance, Graceful Abayas or Designer Jalabiya.",
      ],
      [
        "a missing item count",
        { itemCount: "" },
        "itemCount",
        "Please enter how many items you would like stitched.",
      ],
      [
        "an item count of 0",
        { itemCount: 0 },
        "itemCount",
        "Please enter a whole number of items, at least 1.",
      ],
      [
        "a negative item count",
        { itemCount: "-2" },
        "itemCount",
        "Please enter a whole number of items, at least 1.",
      ],
      [
        "a fractional item count",
        { itemCount: "2.5" },
        "itemCount",
        "Please enter a whole number of items, at least 1.",
      ],
      [
        "an item count that is not a number",
        { itemCount: "three" },
        "itemCount",
        "Please enter a whole number of items, at least 1.",
      ],
      [
        "more than 20 items",
        { itemCount: 21 },
        "itemCount",
        "We take up to 20 items through this form. For a larger order, please contact us directly so we can plan it with you.",
      ],
      [
        "a message over 1000 characters",
        { message: "m".repeat(1001) },
        "message",
        "Your message can be at most 1000 characters.",
      ],
    ];
    it.each(refusals)(
      "refuses %s with 400 and the field's message, storing and mailing nothing",
      async (_case, change, field, message) => {
        const before = await counts();
        const res = await post("/api/stitching/request", stitching(change));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, code: "validation", message, field });
        await store.services.mail.idle();
        expect(await counts()).toEqual(before);
      },
    );

    it("answers a filled-in spam trap as it answers a person, but stores and mails nothing", async () => {
      const before = await counts();
      const res = await post("/api/stitching/request", stitching({ website: "cheap-deals" }));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, message: STITCHING_SENT });
      await store.services.mail.idle();
      expect(await counts()).toEqual(before);
    });

    it("limits one client to a few requests a window with 429 and a clear message", async () => {
      const ip = freshIp();
      for (let i = 0; i < PER_IP; i += 1) {
        expect((await post("/api/stitching/request", stitching(), { ip })).status).toBe(201);
      }
      const before = await counts();
      const blocked = await post("/api/stitching/request", stitching(), { ip });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(
        `You have sent several requests in a short time. Please wait 15 minutes and try again, or call us at ${SHOP_PHONE}.`,
      );
      expect(blocked.headers["retry-after"]).toBeDefined();
      expect(await counts()).toEqual(before);
    });
  });

  describe("when the mail server is down", () => {
    it("still stores the request and answers success; the mail goes out once the server is back", async () => {
      smtp.refuse(true);
      let reference = "";
      try {
        const res = await post("/api/stitching/request", stitching({ name: "Down Time" }));
        expect(res.status).toBe(201);
        expect(res.body.message).toBe(STITCHING_SENT);
        reference = res.body.reference as string;
        await store.services.mail.idle();
      } finally {
        smtp.refuse(false);
      }
      const stored = await db()
        .selectFrom("stitching_requests")
        .select("name")
        .where("reference", "=", reference)
        .executeTakeFirst();
      expect(stored?.name).toBe("Down Time");
      const queued = await db()
        .selectFrom("outbox")
        .selectAll()
        .where("subject", "like", `%${reference}%`)
        .executeTakeFirstOrThrow();
      expect(queued.status).toBe("failed");
      expect(queued.error).toMatch(/550|Mailbox unavailable/);
      expect(smtp.received.some((m) => m.subject.includes(reference))).toBe(false);

      // The outbox's retry timer (every 30 s, with backoff) picks it up once its next attempt is due.
      const since = smtp.received.length;
      await db()
        .updateTable("outbox")
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", queued.id)
        .execute();
      await store.services.mail.flush();
      const mail = await smtp.waitFor(SHOP_EMAIL, { since, subject: new RegExp(reference) });
      expect(mail.raw).toContain("Down Time");
      const after = await db()
        .selectFrom("outbox")
        .select(["status", "error", "sent_at"])
        .where("id", "=", queued.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe("sent");
      expect(after.error).toBeNull();
      expect(after.sent_at).not.toBeNull();
    });
  });
});

// Rendering does not depend on the engine: the pages are checked once, on the first one.
describe("the /contact and /stitching-service pages, server-rendered", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(TEST_ENGINES[0]!, {
      pages: true,
      env: { SEED_DEMO: "false", PUBLIC_SITE_URL: "https://shop.example", SHOP_PHONE },
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("serves /stitching-service with its title, description, canonical link and a schema.org Service", async () => {
    const res = await store.app.inject({ method: "GET", url: "/stitching-service" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Custom Stitching Service in the UAE | Noor Atelier</title>");
    expect(res.body).toMatch(/<meta name="description" content="Made-to-measure [^"]{40,}"/);
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example/stitching-service"');
    const ld = [...res.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const service = ld.find((item) => item["@type"] === "Service");
    expect(service).toMatchObject({
      name: "Custom Stitching Service",
      url: "https://shop.example/stitching-service",
      provider: { name: "Noor Atelier", telephone: SHOP_PHONE },
      areaServed: ["Dubai", "Sharjah", "Ajman", "Ras Al Khaimah"].map((name) => ({ "@type": "City", name })),
    });
    // SPEC §2: the four tiles and the side panel are in the HTML itself, readable before any script runs.
    for (const text of [
      "Expert Tailoring",
      "Perfect Fit",
      "Premium Fabrics",
      "Quick Turnaround",
      "Submit Request",
    ]) {
      expect(res.body).toContain(text);
    }
    expect(res.body).toContain("7 to 14 business days");
    expect(res.body).toContain("Free minor alterations within 15 days");
  });

  it("serves /contact with the message form below the cards and Quick Answers", async () => {
    const res = await store.app.inject({ method: "GET", url: "/contact" });
    expect(res.statusCode).toBe(200);
    const answers = res.body.indexOf("Quick Answers");
    const form = res.body.indexOf("Send us a message");
    expect(answers).toBeGreaterThan(0);
    expect(form).toBeGreaterThan(answers);
    expect(res.body).toContain("Send Message");
  });

  it("lists /stitching-service in the sitemap", async () => {
    const res = await store.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.body).toContain("<loc>https://shop.example/stitching-service</loc>");
  });
});
