import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveTermName } from "./db/repositories/terms.ts";
import { auditRecorder } from "./services/admin-audit.ts";
import { freshPhone } from "./testing/accounts.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  orderPayload,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { codeIn, readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

const SHOP_AR = "نور أتيليه";

/**
 * Issue 14: the shopper's mails go out in their language, through the real outbox and a real SMTP server
 * in this process: codes in the request's (or the account's) language, the order confirmation and
 * status mails in the order's, request acknowledgements in the page's.
 */
describe.each(TEST_ENGINES)("mails in the shopper's language on $name", (engine) => {
  let store: ListeningStore;
  let smtp: TestSmtpServer;
  let counter = 0;
  const post = (path: string, body: unknown, token?: string) =>
    api(store.base, "POST", path, { body, token });
  const email = () => {
    counter += 1;
    return `arabic${counter}-${Date.now().toString(36)}@example.com`;
  };

  /** The first mail to `to` after `since` whose decoded subject passes `match` (subjects in Arabic are encoded). */
  async function mailTo(to: string, since: number, match: (subject: string) => boolean) {
    for (let next = since; ; ) {
      const mail = await smtp.waitFor(to, { since: next });
      const read = readMail(mail);
      if (match(read.subject)) return read;
      next = smtp.received.indexOf(mail) + 1;
    }
  }

  /** The back office moves a placed order on to Packing (issue 15's status change, which mails the shopper). */
  async function moveOrder(orderId: string, actorId: string) {
    const actor = { id: actorId, name: "Test Staff" };
    await store.services.admin.orders.changeStatus(
      orderId,
      { status: "Packing" },
      actor,
      auditRecorder(actor),
    );
    await store.services.mail.flush();
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, {
      SMTP_URL: smtp.url,
      SHOP_NAME_AR: SHOP_AR,
      COD_ENABLED: "true",
      CURRENCY_LABEL_AR: "درهم",
    });
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  it("sends the sign-up code in Arabic to an Arabic sign-up, right to left, the code in Western digits", async () => {
    const to = email();
    const since = smtp.received.length;
    const res = await post("/api/user/register", {
      name: "Amal",
      phone: freshPhone(),
      email: to,
      password: "password-1",
      language: "ar",
    });
    expect(res.status).toBe(201);
    const mail = readMail(await smtp.waitFor(to, { since }));
    const code = /^(\d{6}) /.exec(mail.subject)?.[1] ?? "";
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(mail.subject).toBe(`${code} هو رمز التحقق الخاص بك في ${SHOP_AR}`);
    expect(mail.text).toContain("يرجى استخدام هذا الرمز لتأكيد بريدك الإلكتروني:");
    expect(mail.text).toContain(code);
    expect(mail.text).toContain("الرمز صالح لمدة 10 دقائق.");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).not.toMatch(/[\u0660-\u0669]/);
  });

  it("sends log-in codes in the language the request names, else in the account's", async () => {
    const to = email();
    const phone = freshPhone();
    const registered = smtp.received.length;
    await post("/api/user/register", {
      name: "Huda",
      phone,
      email: to,
      password: "password-1",
      language: "ar",
    });
    await smtp.waitFor(to, { since: registered });
    await store.database.db
      .updateTable("one_time_codes")
      .set({ last_sent_at: "2000-01-01T00:00:00.000Z" })
      .where("identifier", "=", to)
      .execute();
    let since = smtp.received.length;
    const english = await post("/api/user/login", { identifier: to, password: "password-1", language: "en" });
    expect(english.body.code).toBe("email_unverified");
    expect(codeIn(await smtp.waitFor(to, { since }))).toMatch(/^\d{6}$/);

    await store.database.db
      .updateTable("one_time_codes")
      .set({ last_sent_at: "2000-01-01T00:00:00.000Z" })
      .where("identifier", "=", to)
      .execute();
    since = smtp.received.length;
    await post("/api/user/login", { identifier: phone, password: "password-1" });
    expect(readMail(await smtp.waitFor(to, { since })).subject).toMatch(/^\d{6} هو رمز التحقق الخاص بك في /);

    since = smtp.received.length;
    await post("/api/user/forgot-password", { email: to, language: "ar" });
    const reset = readMail(await smtp.waitFor(to, { since }));
    expect(reset.subject).toMatch(/^\d{6} هو رمز إعادة تعيين كلمة المرور في /);
  });

  it("confirms an Arabic order in Arabic: Arabic names and colours, amounts with the shop's dirham word", async () => {
    const db = store.database.db;
    const product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 125_050, stock: 5 }] });
    await db
      .updateTable("products")
      .set({ name_ar: "عباية تجريبية" })
      .where("id", "=", product.productId)
      .execute();
    await saveTermName(db, "color", "Black", "أسود");
    const to = email();
    const phone = freshPhone();
    await post("/api/user/register", { name: "Noura", phone, password: "password-1", language: "ar" });
    const login = await post("/api/user/login", { identifier: phone, password: "password-1" });
    const token = login.body.token as string;
    await db
      .updateTable("users")
      .set({ email: to, email_verified: true })
      .where("phone", "=", `+971${phone.slice(1)}`)
      .execute();

    const since = smtp.received.length;
    const placed = await post(
      "/api/order/place",
      orderPayload([{ product, quantity: 2 }], { language: "ar" }),
      token,
    );
    expect(placed.status).toBe(200);
    const number = placed.body.orderNumber as string;
    const mail = readMail(await smtp.waitFor(to, { since }));
    // The order number reads left to right inside the Arabic subject (decision 0024).
    expect(mail.subject).toBe(`طلبك \u2066${number}\u2069 من ${SHOP_AR}`);
    expect(mail.text).toContain("شكرًا لطلبك. سنخبرك عندما يكون في طريقه إليك.");
    expect(mail.text).toContain("2 × عباية تجريبية (M/54, أسود): 2,501\u00a0درهم");
    expect(mail.text).toContain("الإجمالي: 2,501\u00a0درهم");
    expect(mail.text).toContain("التوصيل: التوصيل في اليوم التالي");
    expect(mail.text).toContain("الدفع: الدفع عند الاستلام");
    expect(mail.html).toContain('<div dir="rtl" lang="ar">');
    // Numbers and phones keep their order inside the Arabic lines; the emirate and country are Arabic.
    expect(mail.html).toContain(`<bdi>${number}</bdi>`);
    expect(mail.html).toContain("<bdi>+971501234567</bdi>");
    expect(mail.text).toContain("دبي");
    expect(mail.text).toContain("الإمارات العربية المتحدة");
    expect(mail.text).not.toMatch(/\bUAE\b/);
    // The shop's own copy stays English.
    const shopMail = readMail(await smtp.waitFor(store.config.SHOP_EMAIL, { since }));
    expect(shopMail.subject).toBe(`New order ${number}: AED 2,501`);
    expect(shopMail.text).toContain("2 × ");
    expect(shopMail.text).not.toMatch(/[\u0600-\u06FF]/);

    // The back office moves the order: its status mail follows the order's language.
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("order_number", "=", number)
      .executeTakeFirstOrThrow();
    const beforeStatus = smtp.received.length;
    await moveOrder(order.id, order.user_id);
    const packing = readMail(await smtp.waitFor(to, { since: beforeStatus }));
    expect(packing.subject).toBe(`طلبك \u2066${number}\u2069: قيد التجهيز · ${SHOP_AR}`);
    expect(packing.text).toContain(`نقوم الآن بتجهيز طلبك \u2066${number}\u2069.`);
    expect(packing.text).toContain("لديك سؤال عن طلبك؟");
  });

  it("sends an English order's status mail in English", async () => {
    const db = store.database.db;
    const product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const to = email();
    const phone = freshPhone();
    await post("/api/user/register", { name: "Sara", phone, password: "password-1" });
    const token = (await post("/api/user/login", { identifier: phone, password: "password-1" })).body
      .token as string;
    await db
      .updateTable("users")
      .set({ email: to, email_verified: true })
      .where("phone", "=", `+971${phone.slice(1)}`)
      .execute();
    const placed = await post("/api/order/place", orderPayload([{ product, quantity: 1 }]), token);
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("order_number", "=", placed.body.orderNumber as string)
      .executeTakeFirstOrThrow();
    await smtp.waitFor(to);
    const since = smtp.received.length;
    await moveOrder(order.id, order.user_id);
    const mail = readMail(await smtp.waitFor(to, { since }));
    expect(mail.subject).toBe(`Your order ${order.order_number}: Packing · Noor Atelier`);
    expect(mail.text).toContain(`We are packing your order ${order.order_number}.`);
    expect(mail.text).toContain("Total: AED\u00a0450");
    expect(mail.text).not.toMatch(/[\u0600-\u06FF]/);
  });

  it("acknowledges a contact message in Arabic when the page is Arabic, and stores its language", async () => {
    const to = email();
    const since = smtp.received.length;
    const res = await post("/api/contact/send", {
      name: "مريم",
      email: to,
      subject: "سؤال عن المقاسات",
      message: "هل تتوفر عباية نور بمقاس XL؟",
      language: "ar",
    });
    expect(res.status).toBe(201);
    const reference = res.body.reference as string;
    const ack = readMail(await smtp.waitFor(to, { since }));
    expect(ack.subject).toBe(`استلمنا رسالتك (\u2066${reference}\u2069)`);
    expect(ack.text).toContain(`مرحبًا مريم، شكرًا لتواصلك مع ${SHOP_AR}.`);
    expect(ack.text).toContain(`رقم المرجع: \u2066${reference}\u2069`);
    expect(ack.html).toContain('<html lang="ar" dir="rtl">');
    const row = await store.database.db
      .selectFrom("contact_messages")
      .select("language")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe("ar");
    // The shop's copy of the message stays English.
    const shopCopy = await mailTo(store.config.SHOP_EMAIL, since, (subject) => subject.includes(reference));
    expect(shopCopy.subject).toBe(`Message ${reference}: سؤال عن المقاسات`);
    expect(shopCopy.text).toContain("A new message arrived through the contact form.");
  });
});
