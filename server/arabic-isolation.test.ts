import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveTermName } from "./db/repositories/terms.ts";
import { auditRecorder } from "./services/admin-audit.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  ADDRESS,
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * Issue 25 in what the shop sends and prints: an Arabic order's confirmation mail and its issued
 * document keep every value that reads left to right (order and document numbers, phone, e-mail, SKU
 * and amounts) in an isolate, name the colour in Arabic and the country and emirate in Arabic; the
 * order as the shopper's account reads it carries the colour's Arabic name (decision 0024).
 */

const TRN = "100123456700003";
const PHONE = "+971501234567";
/** Western digits only: no Arabic-Indic (U+0660…) or Extended Arabic-Indic (U+06F0…) digit (decision 0012). */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

describe.each(TEST_ENGINES)("isolated values in Arabic mails and documents on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let owner: AdminClient;
  let product: TestProduct;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, {
      COD_ENABLED: "true",
      SHOP_TRN: TRN,
      SMTP_URL: smtp.url,
      SHOP_NAME_AR: "نور أتيليه",
      CURRENCY_LABEL_AR: "درهم",
    });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 50 }] });
    await db
      .updateTable("products")
      .set({ name_ar: "عباية سوداء" })
      .where("id", "=", product.productId)
      .execute();
    await saveTermName(db, "color", "Black", "أسود");
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  it("an Arabic order: its mail, its document and the account's order read each value in its own direction", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const since = smtp.received.length;
    const placed = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: orderPayload([{ product, quantity: 2 }], { language: "ar", price: { payment_mode: "cod" } }),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.order as {
      _id: string;
      orderNumber: string;
      line_items: { colorAr: string }[];
    };
    const number = order.orderNumber;
    const sku = product.variants[0]!.sku;
    // The placement's answer and the account's list carry the colour's Arabic name beside the English one.
    expect(order.line_items[0]).toMatchObject({ color: "Black", colorAr: "أسود", nameAr: "عباية سوداء" });
    const listed = await api(store.base, "POST", "/api/order/userorders", { token: buyer.token, body: {} });
    const mine = (listed.body.orders as { _id: string; line_items: unknown[] }[]).find(
      (o) => o._id === order._id,
    );
    expect(mine?.line_items[0]).toMatchObject({ sku_id: sku, color: "Black", colorAr: "أسود" });

    // The confirmation mail: number, phone and e-mail in isolates; colour, emirate and country in Arabic.
    const mail = readMail(await smtp.waitFor(buyer.email, { since }));
    expect(mail.subject).toBe(`طلبك \u2066${number}\u2069 من نور أتيليه`);
    expect(mail.html).toContain(`<bdi>${number}</bdi>`);
    expect(mail.html).toContain(`<bdi>${PHONE}</bdi>`);
    expect(mail.text).toContain("أسود");
    expect(mail.text).toContain("دبي");
    expect(mail.text).toContain("الإمارات العربية المتحدة");
    expect(mail.text).not.toMatch(/\b(?:Black|UAE)\b/);
    expect(mail.text).not.toMatch(EASTERN_DIGITS);

    // The issued document, in Arabic: every fact's value and every buyer line is a <bdi>.
    const doc = await owner.call("GET", `/api/admin/orders/${order._id}/document`);
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    const issued = doc.body.document as { number: string; html: { en: string; ar: string } };
    const ar = issued.html.ar;
    expect(ar).toMatch(/^<article class="issued-document" lang="ar" dir="rtl"/);
    expect(ar).toContain("<h1>فاتورة ضريبية</h1>");
    expect(ar).toContain(`<bdi>${issued.number}</bdi>`);
    expect(ar).toContain(`<bdi>${number}</bdi>`);
    expect(ar).toContain("<small>المقاس M/54 · اللون أسود</small>");
    expect(ar).not.toMatch(/\b(?:Black|Receipt|Tax Invoice)\b/);
    // The buyer's emirate and country in Arabic (the form stores their English names); what they typed as typed.
    const buyerPart = /<h2>التوصيل إلى<\/h2><p>(.*?)<\/p>/.exec(ar)?.[1] ?? "";
    expect(buyerPart.split("<br>")).toEqual(
      [
        `${ADDRESS.first_name} ${ADDRESS.last_name}`,
        ADDRESS.address,
        ADDRESS.landmark,
        `${ADDRESS.city}, دبي ${ADDRESS.postcode}`,
        "الإمارات العربية المتحدة",
        PHONE,
        buyer.email,
      ].map((line) => `<bdi>${line}</bdi>`),
    );
    expect(ar).not.toMatch(EASTERN_DIGITS);
    // Each fact and total: a label, then its value alone in an isolate.
    const values = [...ar.matchAll(/<\/dt><dd>(.*?)<\/dd>/g)].map((m) => m[1]!);
    expect(values.length).toBeGreaterThan(4);
    for (const value of values) expect(value).toMatch(/^<bdi>[^<]*<\/bdi>$/);
    // The TRN reads left to right inside its Arabic line.
    expect(ar).toContain(`\u2066${TRN}\u2069`);

    // A status mail: the number, the tracking number and the shop's phone and e-mail inside Arabic sentences.
    const shipping = smtp.received.length;
    const actor = { id: buyer.id, name: "Test Staff" };
    for (const status of ["Packing", "Shipped"] as const)
      await store.services.admin.orders.changeStatus(
        order._id,
        status === "Shipped" ? { status, courier: "Emirates Post", trackingNumber: "EP123AE" } : { status },
        actor,
        auditRecorder(actor),
      );
    await store.services.mail.flush();
    const shipped = readMail(await smtp.waitFor(buyer.email, { since: shipping, subject: /تم الشحن/ }));
    expect(shipped.subject).toMatch(new RegExp(`^طلبك \u2066${number}\u2069: تم الشحن · `));
    expect(shipped.text).toContain(`طلبك \u2066${number}\u2069 في الطريق إليك.`);
    expect(shipped.text).toContain("رقم التتبع: \u2066EP123AE\u2069");
    expect(shipped.text).toContain(
      `اتصل بنا على \u2066${store.config.SHOP_PHONE}\u2069 أو راسلنا على \u2066${store.config.SHOP_EMAIL}\u2069.`,
    );
  });
});
