import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { includedVat } from "#core/order.ts";
import { utcToDubaiLocal } from "#core/promotions.ts";
import { freshIp } from "./testing/accounts.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  type Answer,
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  submitCard,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * Discount codes and delivery fees (issue 28; decision 0038), through HTTP on a listening store: the
 * owner makes codes in the back office, shoppers quote and order with them, the real Paymennt client
 * asks the store's own sandbox for the discounted total, and what the data holds afterwards is read back.
 * Every answer is checked against its route's declared schemas (decision 0028).
 */

const TRN = "100123456700003";
const DECLINED = "4000 0000 0000 0002";
const VAT = 5;

interface Quote {
  lines: { lineTotalFils: number }[];
  subtotalFils: number;
  shippingFils: number;
  totalFils: number;
  discountFils: number;
  vatFils: number;
  delivery: { feeFils: number; freeThresholdFils: number | null; remainingForFreeFils: number | null };
  promotion:
    | null
    | { applied: true; code: string; discountFils: number; lines: { index: number; discountFils: number }[] }
    | { applied: false; code: string; reason: string; message: string };
}

let serial = 0;

describe.each(TEST_ENGINES)("discount codes and delivery fees on $name", (engine) => {
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let abaya: TestProduct;
  let scarf: TestProduct;
  let pin: TestProduct;
  let onSale: TestProduct;

  beforeAll(async () => {
    store = await createListeningStore(engine, { COD_ENABLED: "true", SHOP_TRN: TRN });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
    abaya = await addTestProduct(db, {
      name: "Sand Crepe Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 100 }],
    });
    scarf = await addTestProduct(db, {
      name: "Cotton Scarf",
      variants: [{ size: "One size", retailFils: 1_313, stock: 100 }],
    });
    pin = await addTestProduct(db, {
      name: "Hair Pin",
      variants: [{ size: "One size", retailFils: 666, stock: 100 }],
    });
    onSale = await addTestProduct(db, {
      name: "Sale Kaftan",
      variants: [{ size: "M/54", retailFils: 20_000, discount: 25, stock: 100 }],
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  /** A code of its own for each test: upper-case letters and digits. */
  const codeName = (base: string) => `${base}${engine.name.slice(0, 2).toUpperCase()}${++serial}`;

  async function makeCode(body: Record<string, unknown>) {
    const res = await owner.call("POST", "/api/admin/promotions", body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.promotion as { id: string; code: string };
  }

  async function quote(
    lines: { product: TestProduct; quantity: number }[],
    extra: Record<string, unknown> = {},
    options: { token?: string; ip?: string; lang?: "en" | "ar" } = {},
  ): Promise<Answer & { body: Answer["body"] & Quote }> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "x-forwarded-for": options.ip ?? freshIp(),
    };
    if (options.token) headers.token = options.token;
    const res = await fetch(`${store.base}/api/cart/quote${options.lang === "ar" ? "?lang=ar" : ""}`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        lines: lines.map((l) => ({
          productId: l.product.productId,
          size: l.product.variants[0]!.size,
          quantity: l.quantity,
        })),
        ...extra,
      }),
    });
    return { status: res.status, body: (await res.json()) as Answer["body"] & Quote };
  }

  async function setFees(fees: Record<string, unknown>) {
    const res = await owner.call("PUT", "/api/admin/settings", fees);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const noFees = {
    deliveryFeeFils: 0,
    freeDeliveryThresholdFils: null,
    emirateDeliveryFeesFils: {},
    sameDayDeliveryFeeFils: 0,
  };

  async function useOf(orderNumber: string) {
    const db = store.database.db;
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("order_number", "=", orderNumber)
      .executeTakeFirstOrThrow();
    const use = await db
      .selectFrom("promotion_uses")
      .selectAll()
      .where("order_id", "=", order.id)
      .executeTakeFirst();
    return { order, use };
  }

  async function taken(code: string) {
    const row = await store.database.db
      .selectFrom("promotions")
      .select("taken")
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    return Number(row.taken);
  }

  async function codOrder(token: string, lines: { product: TestProduct; quantity: number }[], code?: string) {
    return api(store.base, "POST", "/api/order/place", {
      token,
      body: {
        ...orderPayload(lines),
        price: { payment_mode: "cod", delivery_type: "next day delivery" },
        ...(code ? { discountCode: code } : {}),
      },
    });
  }

  it("the owner makes, lists and pauses codes (audited); staff only read them; a code is one whatever its case", async () => {
    const code = codeName("EID");
    const made = await owner.call("POST", "/api/admin/promotions", {
      code: code.toLowerCase(),
      kind: "percent",
      value: 20,
      startsAt: "2026-03-20T00:00",
      endsAt: "2026-04-02T23:59",
      usageLimit: 100,
      perCustomerLimit: 1,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const promotion = made.body.promotion as Record<string, unknown>;
    // Stored upper-case; the Dubai wall-clock time comes back as entered (20:00 UTC the day before).
    expect(promotion).toMatchObject({
      code,
      kind: "percent",
      value: 20,
      scope: "all",
      startsAt: "2026-03-20T00:00",
      endsAt: "2026-04-02T23:59",
      active: true,
      uses: 0,
      discountGivenFils: 0,
    });
    const row = await store.database.db
      .selectFrom("promotions")
      .selectAll()
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    expect(row.starts_at).toBe("2026-03-19T20:00:00.000Z");

    const again = await owner.call("POST", "/api/admin/promotions", { code, kind: "fixed", value: 1000 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("code_taken");
    const badPercent = await owner.call("POST", "/api/admin/promotions", {
      code: codeName("BAD"),
      kind: "percent",
      value: 150,
    });
    expect(badPercent.status).toBe(400);
    const badCollection = await owner.call("POST", "/api/admin/promotions", {
      code: codeName("BAD"),
      kind: "percent",
      value: 10,
      scope: "collections",
      collections: ["no-such-collection"],
    });
    expect(badCollection.status).toBe(400);
    expect(badCollection.body.code).toBe("unknown_category");

    expect((await staff.call("GET", "/api/admin/promotions")).status).toBe(200);
    const staffMade = await staff.call("POST", "/api/admin/promotions", {
      code: codeName("S"),
      kind: "percent",
      value: 5,
    });
    expect(staffMade.status).toBe(403);
    const staffPaused = await staff.call("PATCH", `/api/admin/promotions/${promotion.id}`, { active: false });
    expect(staffPaused.status).toBe(403);

    const paused = await owner.call("PATCH", `/api/admin/promotions/${promotion.id}`, { active: false });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.promotion).toMatchObject({ active: false, live: false });
    const list = await owner.call("GET", "/api/admin/promotions");
    expect(
      (list.body.promotions as { code: string; active: boolean }[]).find((p) => p.code === code),
    ).toMatchObject({
      active: false,
    });
    const audit = await owner.call("GET", `/api/admin/audit?entity=promotion&entityId=${promotion.id}`);
    const actions = (audit.body.entries as { action: string }[]).map((e) => e.action).sort();
    expect(actions).toEqual(["promotion.create", "promotion.update"]);
  });

  it("the quote spreads a percentage over the lines pro rata in fils, the remainder on the largest line", async () => {
    const code = codeName("TEN");
    await makeCode({ code, kind: "percent", value: 10 });
    const lines = [
      { product: abaya, quantity: 1 },
      { product: scarf, quantity: 2 },
      { product: pin, quantity: 1 },
    ];
    const plain = await quote(lines);
    expect(plain.status).toBe(200);
    // Without a code and with no fee: SPEC's totals, exactly.
    expect(plain.body).toMatchObject({
      subtotalFils: 48_292,
      shippingFils: 0,
      totalFils: 48_292,
      discountFils: 0,
      promotion: null,
    });
    const res = await quote(lines, { code: ` ${code.toLowerCase()} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 10% of 482.92 is 48.29 (rounded); 4499 + 262 + 66 = 4827 by the floor, 2 fils more on the abaya.
    expect(res.body.promotion).toEqual({
      applied: true,
      code,
      discountFils: 4_829,
      lines: [
        { index: 0, discountFils: 4_501 },
        { index: 1, discountFils: 262 },
        { index: 2, discountFils: 66 },
      ],
    });
    expect(res.body).toMatchObject({ subtotalFils: 48_292, discountFils: 4_829, totalFils: 43_463 });
    expect(res.body.vatFils).toBe(
      includedVat(45_000 - 4_501, VAT) + includedVat(2_626 - 262, VAT) + includedVat(666 - 66, VAT),
    );
  });

  it("every refusal reason, with its message in the page's language", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const inTwoDays = utcToDubaiLocal(new Date(Date.now() + 2 * 86_400_000).toISOString());
    const twoDaysAgo = utcToDubaiLocal(new Date(Date.now() - 2 * 86_400_000).toISOString());
    const weekAgo = utcToDubaiLocal(new Date(Date.now() - 7 * 86_400_000).toISOString());
    const paused = (await makeCode({ code: codeName("PAUSED"), kind: "percent", value: 10, active: false }))
      .code;
    const early = (
      await makeCode({ code: codeName("SOON"), kind: "percent", value: 10, startsAt: inTwoDays })
    ).code;
    const late = (
      await makeCode({
        code: codeName("OLD"),
        kind: "percent",
        value: 10,
        startsAt: weekAgo,
        endsAt: twoDaysAgo,
      })
    ).code;
    const minSpend = (
      await makeCode({ code: codeName("MIN"), kind: "fixed", value: 5_000, minSpendFils: 45_000 })
    ).code;
    const usedUp = (await makeCode({ code: codeName("ONCE"), kind: "percent", value: 10, usageLimit: 1 }))
      .code;
    const perCustomer = (
      await makeCode({ code: codeName("MINE"), kind: "percent", value: 10, perCustomerLimit: 1 })
    ).code;
    const onlyPins = (
      await makeCode({
        code: codeName("PINS"),
        kind: "percent",
        value: 10,
        scope: "products",
        productIds: [pin.productId],
      })
    ).code;
    const noSale = (
      await makeCode({ code: codeName("FULL"), kind: "percent", value: 10, includeSaleItems: false })
    ).code;

    // The last use of ONCE, and this shopper's one use of MINE, go to cash-on-delivery orders.
    const other = await newShopper(store.base, store.database.db);
    expect((await codOrder(other.token, [{ product: scarf, quantity: 1 }], usedUp)).status).toBe(200);
    expect((await codOrder(buyer.token, [{ product: scarf, quantity: 1 }], perCustomer)).status).toBe(200);

    const abayaLine = [{ product: abaya, quantity: 1 }];
    const cases: [string, string, { product: TestProduct; quantity: number }[]][] = [
      [`NOSUCH${serial}`, "unknown", abayaLine],
      [paused, "paused", abayaLine],
      [early, "not_started", abayaLine],
      [late, "expired", abayaLine],
      // 450 less 50 is 400: under the 450 minimum once the discount is off.
      [minSpend, "min_spend", abayaLine],
      [usedUp, "used_up", abayaLine],
      [perCustomer, "per_customer", abayaLine],
      [onlyPins, "not_applicable", abayaLine],
      [noSale, "not_applicable", [{ product: onSale, quantity: 1 }]],
    ];
    for (const [code, reason, lines] of cases) {
      const res = await quote(lines, { code }, { token: buyer.token });
      expect(res.status, code).toBe(200);
      expect(res.body.promotion, code).toMatchObject({ applied: false, code, reason });
      // A refused code takes nothing off.
      expect(res.body.discountFils).toBe(0);
      expect(res.body.totalFils).toBe(res.body.subtotalFils);
    }
    const min = await quote(abayaLine, { code: minSpend }, { token: buyer.token });
    expect((min.body.promotion as { message: string }).message).toBe(
      `The code ${minSpend} needs an order of at least AED\u00a0450 after the discount.`,
    );
    const arabic = await quote(abayaLine, { code: late }, { lang: "ar" });
    expect((arabic.body.promotion as { message: string }).message).toBe(
      `انتهت صلاحية الرمز \u2066${late}\u2069.`,
    );
    // Another shopper (or a visitor) still has her one use of MINE.
    const visitor = await quote(abayaLine, { code: perCustomer });
    expect(visitor.body.promotion).toMatchObject({ applied: true, discountFils: 4_500 });
    // The code for pins applies to the pin only.
    const mixed = await quote(
      [
        { product: abaya, quantity: 1 },
        { product: pin, quantity: 1 },
      ],
      { code: onlyPins },
    );
    expect(mixed.body.promotion).toMatchObject({
      applied: true,
      discountFils: 67,
      lines: [
        { index: 0, discountFils: 0 },
        { index: 1, discountFils: 67 },
      ],
    });

    // At order time a refusal is a 422 with the reason, in the order's language; nothing is placed.
    const before = await store.database.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const refused = await api(store.base, "POST", "/api/order/paymennt", {
      token: buyer.token,
      body: { ...orderPayload(abayaLine), discountCode: usedUp, language: "ar" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      success: false,
      code: "discount_refused",
      reason: "used_up",
      message: `استُنفد الرمز \u2066${usedUp}\u2069 بالكامل.`,
    });
    const mine = await codOrder(buyer.token, abayaLine, perCustomer);
    expect(mine.status).toBe(422);
    expect(mine.body).toMatchObject({ code: "discount_refused", reason: "per_customer" });
    const after = await store.database.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("delivery fees: flat, per emirate, same day, free from the threshold measured after the discount", async () => {
    const code = codeName("DEL");
    await makeCode({ code, kind: "percent", value: 10 });
    await setFees({
      deliveryFeeFils: 1_500,
      freeDeliveryThresholdFils: 45_000,
      emirateDeliveryFeesFils: { "Abu Dhabi": 2_000 },
      sameDayDeliveryFeeFils: 3_000,
    });
    try {
      const config = await api(store.base, "GET", "/api/order/config");
      expect(config.body.delivery).toEqual({
        feeFils: 1_500,
        freeThresholdFils: 45_000,
        emirateFeesFils: { "Abu Dhabi": 2_000 },
        sameDayFeeFils: 3_000,
      });
      const lines = [
        { product: abaya, quantity: 1 },
        { product: pin, quantity: 1 },
      ];
      // 456.66 reaches the 450 threshold: free.
      const free = await quote(lines);
      expect(free.body).toMatchObject({
        shippingFils: 0,
        totalFils: 45_666,
        delivery: { feeFils: 0, freeThresholdFils: 45_000, remainingForFreeFils: 0 },
      });
      // Less 10% (45.67) it is 410.99: under the threshold, so the flat fee.
      const withCode = await quote(lines, { code });
      expect(withCode.body).toMatchObject({
        discountFils: 4_567,
        shippingFils: 1_500,
        totalFils: 45_666 - 4_567 + 1_500,
        delivery: { feeFils: 1_500, remainingForFreeFils: 45_000 - (45_666 - 4_567) },
      });
      expect(withCode.body.vatFils).toBe(
        includedVat(45_000 - 4_501, VAT) + includedVat(666 - 66, VAT) + includedVat(1_500, VAT),
      );
      const abuDhabi = await quote(lines, { code, emirate: "Abu Dhabi" });
      expect(abuDhabi.body.shippingFils).toBe(2_000);
      const sameDay = await quote(lines, { code, deliveryType: "same day delivery" });
      expect(sameDay.body.shippingFils).toBe(3_000);

      // A card order: Paymennt is asked for the discounted total with the fee, in its totals; the unit
      // prices stay the catalog's; what the client says of prices, discount and totals is ignored.
      const buyer = await newShopper(store.base, store.database.db);
      const started = await api(store.base, "POST", "/api/order/paymennt", {
        token: buyer.token,
        body: {
          ...orderPayload(lines),
          discountCode: code,
          discount: 45_666,
          discountFils: 45_666,
          totalFils: 1,
          shippingFils: 0,
        },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const { order, use } = await useOf(started.body.orderNumber as string);
      expect(order).toMatchObject({
        subtotal_fils: 45_666,
        discount_code: code,
        discount_fils: 4_567,
        shipping_fils: 1_500,
        total_fils: 42_599,
      });
      expect(Number(order.tax_fils)).toBe(withCode.body.vatFils);
      expect(use).toMatchObject({ status: "reserved", discount_fils: 4_567 });
      const lineRows = await store.database.db
        .selectFrom("order_lines")
        .select(["sku", "unit_price_fils", "line_total_fils", "discount_fils", "vat_fils"])
        .where("order_id", "=", order.id)
        .orderBy("position")
        .execute();
      expect(lineRows.map((l) => [Number(l.line_total_fils), Number(l.discount_fils)])).toEqual([
        [45_000, 4_501],
        [666, 66],
      ]);
      const sandbox = await store.database.db
        .selectFrom("sandbox_checkouts")
        .select(["amount", "request_body"])
        .where("order_id", "=", order.order_number)
        .executeTakeFirstOrThrow();
      const sent = JSON.parse(sandbox.request_body) as {
        amount: number;
        totals: Record<string, number>;
        items: { unitprice: number; linetotal: number }[];
      };
      expect(sent.amount).toBe(425.99);
      expect(sent.totals).toEqual({ subtotal: 456.66, tax: 0, shipping: 15, handling: 0, discount: 45.67 });
      expect(sent.items.map((i) => i.unitprice)).toEqual([450, 6.66]);

      // Paid: the reserved use is used, and the order shows its discount.
      await submitCard(started.body.checkoutUrl as string);
      const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
        token: buyer.token,
        body: { paymentId: started.body.paymentId },
      });
      expect(verified.body.status).toBe("paid");
      expect((verified.body.order as Record<string, unknown>).discount).toEqual({
        code,
        discountFils: 4_567,
      });
      expect((verified.body.order as { price: { shipping_charges: string } }).price.shipping_charges).toBe(
        "15",
      );
      expect((await useOf(order.order_number)).use?.status).toBe("used");
      const list = await owner.call("GET", "/api/admin/promotions");
      expect((list.body.promotions as { code: string }[]).find((p) => p.code === code)).toMatchObject({
        uses: 1,
        reserved: 0,
        discountGivenFils: 4_567,
      });
      const dashboard = await owner.call("GET", "/api/admin/dashboard");
      const card = (dashboard.body.dashboard as { promotions: { code: string }[] }).promotions;
      expect(card.find((p) => p.code === code)).toMatchObject({ uses: 1, discountGivenFils: 4_567 });
    } finally {
      await setFees(noFees);
    }
  });

  it("the invoice shows the discount and the delivery with its VAT; a cancellation's credit note the discounted prices", async () => {
    const code = codeName("INV");
    await makeCode({ code, kind: "fixed", value: 5_000 });
    await setFees({ deliveryFeeFils: 2_100 });
    const buyer = await newShopper(store.base, store.database.db);
    let placed: Answer;
    try {
      placed = await codOrder(buyer.token, [{ product: abaya, quantity: 1 }], code);
    } finally {
      await setFees(noFees);
    }
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const dto = placed.body.order as { _id: string; totals: Record<string, number> };
    // 450 less 50, plus 21 delivery: 421; VAT on 400 (19.05) and on 21 (1.00).
    expect(dto.totals).toEqual({
      subtotalFils: 45_000,
      shippingFils: 2_100,
      totalFils: 42_100,
      vatFils: 1_905 + 100,
    });
    const invoice = await owner.call("GET", `/api/admin/orders/${dto._id}/document`);
    const html = (invoice.body.document as { html: { en: string; ar: string } }).html;
    expect(html.en).toContain("Tax Invoice");
    expect(html.en).toContain(`Discount (code ${code})</dt><dd><bdi>−50.00`);
    expect(html.en).toContain("Delivery</dt><dd><bdi>21.00");
    expect(html.en).toContain("VAT 5% included</dt><dd><bdi>20.05");
    expect(html.en).toContain("VAT 5% in delivery</dt><dd><bdi>1.00");
    expect(html.en).toContain("Total (AED)</dt><dd><bdi>421.00");
    expect(html.ar).toContain("الخصم (الرمز");
    expect(html.ar).toContain("ضريبة القيمة المضافة 5% في التوصيل");
    // The order's mail lists the discount too, so that its rows add up to the total.
    const mail = await store.database.db
      .selectFrom("outbox")
      .select("text_body")
      .where("to_address", "=", buyer.email)
      .where("subject", "like", "%NA-%")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`Discount (code ${code}): −AED\u00a050`);
    expect(mail.text_body).toContain("Shipping: AED\u00a021");

    // Without a fee, a cancelled order's credit note lists its lines at what was paid for them.
    const second = codeName("CN");
    await makeCode({ code: second, kind: "percent", value: 20, usageLimit: 1 });
    const other = await newShopper(store.base, store.database.db);
    const order = await codOrder(other.token, [{ product: abaya, quantity: 2 }], second);
    expect(order.status).toBe(200);
    const orderId = (order.body.order as { _id: string })._id;
    expect(await taken(second)).toBe(1);
    const cancelled = await api(store.base, "POST", `/api/order/${orderId}/cancel`, { token: other.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // The cancellation gives the use back: the code's one use can be taken again.
    expect((await useOf((order.body.order as { orderNumber: string }).orderNumber)).use?.status).toBe(
      "released",
    );
    expect(await taken(second)).toBe(0);
    const summary = await owner.call("GET", `/api/admin/orders/${orderId}/refunds`);
    const notes = summary.body.creditNotes as { number: string; totalFils: number }[];
    expect(notes.map((n) => n.totalFils)).toEqual([72_000]);
    const note = await owner.call("GET", `/api/admin/orders/${orderId}/credit-notes/${notes[0]!.number}`);
    const noteHtml = (note.body.document as { html: { en: string } }).html.en;
    // Two at 450 less 20%: 360.00 each, 720.00 the line.
    expect(noteHtml).toContain('<td class="num">2</td><td class="num">360.00</td>');
    expect(noteHtml).toContain('<td class="num">720.00</td>');
    expect(noteHtml).toContain("Total credited (AED)</dt><dd><bdi>720.00");
    expect(noteHtml).not.toContain("900.00");
  });

  it("a declined payment releases its reserved use; the last use goes to exactly one of concurrent orders", async () => {
    const code = codeName("LAST");
    await makeCode({ code, kind: "percent", value: 15, usageLimit: 1 });
    const first = await newShopper(store.base, store.database.db);
    const started = await api(store.base, "POST", "/api/order/paymennt", {
      token: first.token,
      body: { ...orderPayload([{ product: scarf, quantity: 1 }]), discountCode: code },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await taken(code)).toBe(1);
    await submitCard(started.body.checkoutUrl as string, DECLINED);
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: first.token,
      body: { paymentId: started.body.paymentId },
    });
    expect(verified.body.status).toBe("failed");
    expect((await useOf(started.body.orderNumber as string)).use?.status).toBe("released");
    expect(await taken(code)).toBe(0);

    const shoppers = await Promise.all([1, 2, 3, 4].map(() => newShopper(store.base, store.database.db)));
    const answers = await Promise.all(
      shoppers.map((s) =>
        api(store.base, "POST", "/api/order/paymennt", {
          token: s.token,
          body: { ...orderPayload([{ product: scarf, quantity: 1 }]), discountCode: code },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 422, 422, 422]);
    for (const a of answers.filter((x) => x.status === 422))
      expect(a.body).toMatchObject({ code: "discount_refused", reason: "used_up" });
    expect(await taken(code)).toBe(1);
    const uses = await store.database.db
      .selectFrom("promotion_uses as u")
      .innerJoin("promotions as p", "p.id", "u.promotion_id")
      .select("u.status")
      .where("p.code", "=", code)
      .execute();
    expect(uses.map((u) => u.status).sort()).toEqual(["released", "reserved"]);
  });

  it("a payment confirmed after its use was released is honoured, and the overshoot flagged to the owner", async () => {
    const code = codeName("LATE");
    await makeCode({ code, kind: "fixed", value: 100, usageLimit: 1 });
    const first = await newShopper(store.base, store.database.db);
    const lapsed = await api(store.base, "POST", "/api/order/paymennt", {
      token: first.token,
      body: { ...orderPayload([{ product: pin, quantity: 1 }]), discountCode: code },
    });
    expect(lapsed.status, JSON.stringify(lapsed.body)).toBe(200);
    // Her next order supersedes the open attempt: its use is given back, and another shopper takes it.
    const again = await api(store.base, "POST", "/api/order/paymennt", {
      token: first.token,
      body: orderPayload([{ product: pin, quantity: 1 }]),
    });
    expect(again.status).toBe(200);
    expect((await useOf(lapsed.body.orderNumber as string)).use?.status).toBe("released");
    const second = await newShopper(store.base, store.database.db);
    expect((await codOrder(second.token, [{ product: pin, quantity: 1 }], code)).status).toBe(200);
    expect(await taken(code)).toBe(1);

    // The first checkout is paid after all: the order stands at its discounted price, over the limit.
    await submitCard(lapsed.body.checkoutUrl as string);
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: first.token,
      body: { paymentId: lapsed.body.paymentId },
    });
    expect(verified.body.status).toBe("paid");
    const { order, use } = await useOf(lapsed.body.orderNumber as string);
    expect(Number(order.total_fils)).toBe(566);
    expect(use).toMatchObject({ status: "used" });
    expect(Boolean(use?.overshoot)).toBe(true);
    expect(Boolean(order.needs_attention)).toBe(true);
    expect(order.attention_reason).toContain("over its usage limit");
    expect(await taken(code)).toBe(2);
    const list = await owner.call("GET", "/api/admin/promotions");
    expect((list.body.promotions as { code: string }[]).find((p) => p.code === code)).toMatchObject({
      uses: 2,
      overshoot: 1,
    });
  });

  it("an order a code brings to 0 AED is placed without a payment step", async () => {
    const code = codeName("GIFT");
    await makeCode({ code, kind: "fixed", value: 1_000_000 });
    const buyer = await newShopper(store.base, store.database.db);
    const res = await api(store.base, "POST", "/api/order/paymennt", {
      token: buyer.token,
      body: { ...orderPayload([{ product: pin, quantity: 2 }]), discountCode: code },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, placed: true });
    expect(res.body.checkoutUrl).toBeUndefined();
    const dto = res.body.order as { status: string; paymentStatus: string; totals: Record<string, number> };
    expect(dto).toMatchObject({ status: "Order Placed", paymentStatus: "paid" });
    // Capped at what the items cost: 13.32 off, nothing owed, nothing asked of Paymennt.
    expect(dto.totals).toMatchObject({ subtotalFils: 1_332, totalFils: 0, vatFils: 0 });
    const { order, use } = await useOf(res.body.orderNumber as string);
    expect(Number(order.discount_fils)).toBe(1_332);
    expect(use?.status).toBe("used");
    const checkouts = await store.database.db
      .selectFrom("sandbox_checkouts")
      .select("id")
      .where("order_id", "=", order.order_number)
      .execute();
    expect(checkouts).toEqual([]);
  });

  it("code attempts are rate-limited per client and per account", async () => {
    const code = codeName("OK");
    await makeCode({ code, kind: "percent", value: 5 });
    const line = [{ product: pin, quantity: 1 }];
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await quote(line, { code: `GUESS${i}X${serial}` }, { ip });
      expect(res.status).toBe(200);
      expect(res.body.promotion).toMatchObject({ reason: "unknown" });
    }
    const blocked = await quote(line, { code }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("rate_limited");
    // Another client is not held back by this one's guesses; a quote without a code is never limited.
    expect((await quote(line, { code }, { ip: freshIp() })).body.promotion).toMatchObject({ applied: true });
    expect((await quote(line, {}, { ip })).status).toBe(200);

    // One account guessing from many addresses is limited too, at quote and at order time.
    const buyer = await newShopper(store.base, store.database.db);
    for (let i = 0; i < 10; i++)
      await quote(line, { code: `TRY${i}Y${serial}` }, { token: buyer.token, ip: freshIp() });
    expect((await quote(line, { code }, { token: buyer.token, ip: freshIp() })).status).toBe(429);
    const order = await api(store.base, "POST", "/api/order/paymennt", {
      token: buyer.token,
      body: { ...orderPayload(line), discountCode: code },
    });
    expect(order.status).toBe(429);
  });
});
