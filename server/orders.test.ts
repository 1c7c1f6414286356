import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrderDtoSchema } from "#core/order.ts";
import { ProductQuerySchema } from "#core/schemas/catalog.schema.ts";
import { availableStockFor } from "./db/repositories/products.ts";
import { hasPaidPurchase } from "./db/repositories/purchases.ts";
import { createPaymenntClient, type PaymenntCheckoutRequest } from "./integrations/paymennt.ts";
import { sandboxCredentials } from "./services/index.ts";
import {
  ADDRESS,
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  stockOf,
  submitCard,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * Orders and payments (issue 11) through HTTP on a listening store: the real Paymennt client talks to the
 * store's own sandbox, and the sandbox's card page is submitted as a browser would.
 */
describe.each(TEST_ENGINES)("orders and payments on $name", (engine) => {
  let store: ListeningStore;
  let db: ListeningStore["database"]["db"];
  const post = (path: string, body: unknown, token?: string) =>
    api(store.base, "POST", path, { body, token });

  beforeAll(async () => {
    store = await createListeningStore(engine);
    db = store.database.db;
  });
  afterAll(async () => {
    await store?.close();
  });

  /** A product of two sizes: M/54 at AED 450 (5 in stock), L/56 at AED 500 less 10% (2 in stock). */
  const product = (stockM = 5, stockL = 2) =>
    addTestProduct(db, {
      variants: [
        { size: "M/54", retailFils: 45_000, stock: stockM },
        { size: "L/56", retailFils: 50_000, discount: 10, stock: stockL },
      ],
    });

  async function start(token: string, p: TestProduct, quantity = 1, size?: string) {
    const res = await post("/api/order/paymennt", orderPayload([{ product: p, quantity, size }]), token);
    return res;
  }

  async function userOrders(token: string) {
    const res = await post("/api/order/userorders", { userId: "x" }, token);
    expect(res.status).toBe(200);
    return res.body.orders as { orderNumber: string; status: string; paymentStatus: string }[];
  }

  /** The shopper's server cart: one M/54 and one L/56 of the product. */
  async function fillServerCart(token: string, p: TestProduct) {
    for (const size of ["M/54", "L/56"]) {
      const added = await post(
        "/api/cart/add",
        { itemId: p.productId, size, color: "Black", quantity: 1 },
        token,
      );
      expect(added.status).toBe(200);
    }
  }

  /** After an order of one M/54 from `fillServerCart`'s cart: the server cart holds only the L/56 line. */
  async function expectOnlyOtherLineLeft(token: string, p: TestProduct) {
    const cart = await post("/api/cart/get", {}, token);
    expect(cart.body.cartData).toEqual({
      [p.productId]: { quantity: 1, lines: [{ size: "L/56", color: "Black", quantity: 1 }] },
    });
  }

  async function sandboxRequest(checkoutId: string) {
    const row = await db
      .selectFrom("sandbox_checkouts")
      .selectAll()
      .where("id", "=", checkoutId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.request_body) as {
      amount: number;
      orderId: string;
      totals: { subtotal: number };
      items: { unitprice: number; quantity: number; linetotal: number; sku: string }[];
      returnUrl: string;
    };
  }

  describe("GET /api/order/config", () => {
    it("tells the checkout that cash on delivery is off, card payment on (a local visitor), the VAT rate and that there is no TRN", async () => {
      const res = await api(store.base, "GET", "/api/order/config");
      expect(res.body).toEqual({
        success: true,
        codEnabled: false,
        cardPayments: true,
        vatRate: 5,
        trn: null,
        // Issue 28: SPEC's free delivery until the owner sets a fee.
        delivery: { feeFils: 0, freeThresholdFils: null, emirateFeesFils: {}, sameDayFeeFils: 0 },
      });
    });
  });

  describe("without a token", () => {
    it("refuses to start a payment or place an order with SPEC's sentence", async () => {
      const p = await product();
      for (const path of ["/api/order/paymennt", "/api/order/place"]) {
        const res = await post(path, orderPayload([{ product: p, quantity: 1 }]));
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          success: false,
          code: "unauthorized",
          message: "You must be logged in to place an order.",
        });
      }
      const forged = await post("/api/order/paymennt", orderPayload([{ product: p, quantity: 1 }]), "forged");
      expect(forged.body.message).toBe("You must be logged in to place an order.");
      for (const path of ["/api/order/verifyPaymennt", "/api/order/userorders"]) {
        expect((await post(path, { paymentId: "x" })).status).toBe(401);
      }
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 0 });
    });
  });

  describe("a paid online order", () => {
    it("holds stock, charges the server's prices, and becomes an order once paid", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const res = await post(
        "/api/order/paymennt",
        orderPayload(
          [
            { product: p, quantity: 2 },
            { product: p, quantity: 1, size: "L/56" },
          ],
          { amount: "1.00", price: { payment_mode: "cod", COD: "1", delivery_type: "same day delivery" } },
        ),
        a.token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        paymentId: expect.any(String),
        checkoutUrl: `${store.base}/sandbox/paymennt/pay/${res.body.paymentId}`,
        orderNumber: expect.stringMatching(/^NA-1\d{5}$/),
        message: "Redirecting to Payment...",
      });
      const checkoutId = res.body.paymentId as string;

      // The sandbox was asked for 2 × 450 + 1 × 450 (500 less 10%) = AED 1,350, whatever the body said.
      const sent = await sandboxRequest(checkoutId);
      expect(sent.amount).toBe(1350);
      expect(sent.totals.subtotal).toBe(1350);
      expect(sent.items.map((i) => [i.unitprice, i.quantity, i.linetotal])).toEqual([
        [450, 2, 900],
        [450, 1, 450],
      ]);
      expect(sent.orderId).toBe(res.body.orderNumber);
      expect(sent.returnUrl).toBe(`${store.base}/payment-redirect`);

      // Held while the shopper is on the payment page: what others can buy drops at once.
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 2 });
      const shown = await store.services.catalog.findProductBySlug(p.slug);
      expect(shown?.variants.map((v) => v.stock)).toEqual([3, 1]);
      const listed = await store.services.catalog.listProducts(ProductQuerySchema.parse({ search: p.name }));
      expect(listed.products[0]?.variants.map((v) => v.stock)).toEqual([3, 1]);
      // What the cart quote reads.
      const available = await availableStockFor(db, [
        ...p.variants.map((v) => v.variantId),
        "no-such-variant",
      ]);
      expect([...available.entries()].sort()).toEqual(
        [
          [p.variants[0]!.variantId, 3],
          [p.variants[1]!.variantId, 1],
        ].sort(),
      );
      // Not an order yet: not in My Orders, not a verified purchase.
      expect(await userOrders(a.token)).toEqual([]);
      expect(await hasPaidPurchase(db, a.id, p.productId)).toBe(false);

      const paid = await submitCard(res.body.checkoutUrl as string);
      expect(paid.status).toBe(303);
      expect(paid.location).toBe(`${store.base}/payment-redirect?checkout=${checkoutId}`);

      const verified = await post(
        "/api/order/verifyPaymennt",
        { paymentId: checkoutId, line_items: [] },
        a.token,
      );
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ success: true, status: "paid", message: "Payment Successful" });
      const order = OrderDtoSchema.parse(verified.body.order);
      expect(order).toMatchObject({
        orderNumber: res.body.orderNumber,
        status: "Order Placed",
        paymentStatus: "paid",
        price: { currency_code: "AED", payment_mode: "online", delivery_type: "next day delivery", COD: "0" },
        address: {
          first_name: "Amal",
          city: "Dubai",
          country: "UAE",
          email: a.email,
          phone: "+971501234567",
        },
        totals: { subtotalFils: 135_000, shippingFils: 0, totalFils: 135_000 },
      });
      expect(order.line_items.map((l) => [l.sku_id, l.size, l.quantity, l.price])).toEqual([
        [p.variants[0]!.sku, "M/54", 2, "450"],
        [p.variants[1]!.sku, "L/56", 1, "450"],
      ]);

      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 3, held: 0 });
      expect(await stockOf(db, p.variants[1]!.variantId)).toEqual({ stock: 1, held: 0 });
      expect((await userOrders(a.token)).map((o) => o.orderNumber)).toEqual([res.body.orderNumber]);
      // The verify answer is the order just placed, exactly as My Orders reads it back from the database.
      expect(verified.body.order).toEqual((await userOrders(a.token))[0]);
      expect(await hasPaidPurchase(db, a.id, p.productId)).toBe(true);

      const mails = await db
        .selectFrom("outbox")
        .select(["kind", "to_address", "subject", "text_body"])
        .where("subject", "like", `%${res.body.orderNumber as string}%`)
        .orderBy("kind")
        .execute();
      expect(mails.map((m) => [m.kind, m.to_address])).toEqual([
        ["order-confirmation", a.email],
        ["order-new", store.config.SHOP_EMAIL],
      ]);
      expect(mails[0]!.text_body).toContain("next day delivery");
      expect(mails[0]!.text_body).toContain("Villa 12, Street 4, Al Barsha 2");

      const events = await db
        .selectFrom("order_events")
        .select(["from_status", "to_status", "actor"])
        .where("order_id", "=", order._id)
        .orderBy("at")
        .execute();
      expect(events).toEqual([
        { from_status: null, to_status: "Awaiting payment", actor: "shopper" },
        { from_status: "Awaiting payment", to_status: "Order Placed", actor: "shopper" },
      ]);
    });

    it("makes one order from a verify replayed ten times at once", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const res = await start(a.token, p, 2);
      await submitCard(res.body.checkoutUrl as string);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, a.token),
        ),
      );
      expect(answers.every((r) => r.status === 200 && r.body.status === "paid")).toBe(true);
      const listed = await userOrders(a.token);
      expect(listed).toHaveLength(1);
      // The caller that placed it answers with what it wrote, the others read it back: the same order.
      for (const answer of answers) expect(answer.body.order).toEqual(listed[0]);
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 3, held: 0 });
      const mails = await db
        .selectFrom("outbox")
        .select("id")
        .where("subject", "like", `%${res.body.orderNumber as string}%`)
        .execute();
      expect(mails).toHaveLength(2);
    });

    it("answers verify by the checkout id alone, and only to the shopper who placed it", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const b = await newShopper(store.base, db);
      const res = await start(a.token, p, 1);
      await submitCard(res.body.checkoutUrl as string);
      const theirs = await post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, b.token);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({
        success: false,
        code: "not_found",
        message: "Order data not found. Please try placing your order again.",
      });
      // B's attempt did not place A's order either.
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 1 });
      expect(await userOrders(b.token)).toEqual([]);
      const mine = await post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, a.token);
      expect(mine.body.status).toBe("paid");
      expect(await userOrders(b.token)).toEqual([]);
      expect(await userOrders(a.token)).toHaveLength(1);
    });
    it("gives the order to the token's shopper even when the body names another real shopper's id", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const b = await newShopper(store.base, db);
      // A's token, B's real id everywhere a client could put one.
      const res = await post(
        "/api/order/paymennt",
        orderPayload([{ product: p, quantity: 1 }], { userId: b.id, user_id: b.id }),
        a.token,
      );
      expect(res.status).toBe(200);
      await submitCard(res.body.checkoutUrl as string);
      const verified = await post(
        "/api/order/verifyPaymennt",
        { paymentId: res.body.paymentId, userId: b.id },
        a.token,
      );
      expect(verified.body).toMatchObject({ success: true, status: "paid" });
      const stored = await db
        .selectFrom("orders")
        .select("user_id")
        .where("order_number", "=", res.body.orderNumber as string)
        .executeTakeFirstOrThrow();
      expect(stored.user_id).toBe(a.id);
      // My Orders reads the token too: B's id in the body shows A her own order, and B has none.
      const asked = await post("/api/order/userorders", { userId: b.id }, a.token);
      expect((asked.body.orders as { orderNumber: string }[]).map((o) => o.orderNumber)).toEqual([
        res.body.orderNumber,
      ]);
      expect(await userOrders(b.token)).toEqual([]);
      expect(await hasPaidPurchase(db, b.id, p.productId)).toBe(false);
    });
  });

  describe("SPEC §8 refusals", () => {
    it("refuses a missing or invalid address, an empty cart and bad lines, leaving stock alone", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const base = orderPayload([{ product: p, quantity: 1 }]);
      // Every refusal of the body is `validation`, but a product that is gone (the server's own check).
      const cases: [unknown, number, string][] = [
        [{ ...base, address: undefined }, 400, "Please select a delivery address."],
        [{ ...base, address: { ...ADDRESS, country: "India" } }, 400, "Please select a delivery address."],
        [{ ...base, address: { ...ADDRESS, first_name: "" } }, 400, "Please select a delivery address."],
        [{ ...base, line_items: [] }, 400, "Your cart is empty."],
        [{ ...base, line_items: undefined }, 400, "Your cart is empty."],
        [
          { ...base, line_items: [{ ...base.line_items[0], quantity: "0" }] },
          400,
          "Please choose a quantity between 1 and 9999 for each item.",
        ],
        [
          { ...base, line_items: [{ ...base.line_items[0], product_id: "no-such-product" }] },
          400,
          "This product is no longer available.",
        ],
        [{ ...base, delivery_type: "teleport" }, 400, "Please choose next day or same day delivery."],
        ["not an object", 400, "The request body must be a JSON object."],
      ];
      for (const [body, status, message] of cases) {
        const res = await post("/api/order/paymennt", body, a.token);
        const code =
          message === "This product is no longer available." ? "product_unavailable" : "validation";
        expect({ status: res.status, body: res.body }).toEqual({
          status,
          body: { success: false, code, message },
        });
      }
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 0 });
      const orders = await db.selectFrom("orders").select("id").where("user_id", "=", a.id).execute();
      expect(orders).toEqual([]);
    });

    it("refuses more than the stock with the cart's texts (409) and nothing is held", async () => {
      const p = await product(5, 0);
      const a = await newShopper(store.base, db);
      const short = await start(a.token, p, 6);
      expect(short.status).toBe(409);
      expect(short.body.message).toBe(`Stock error: Only 5 in stock for ${p.name} (M/54)`);
      const none = await start(a.token, p, 1, "L/56");
      expect(none.status).toBe(409);
      expect(none.body.message).toBe(`${p.name} (L/56) is out of stock`);
      // Two lines of the same size together exceed the stock.
      const split = await post(
        "/api/order/paymennt",
        orderPayload([
          { product: p, quantity: 3 },
          { product: p, quantity: 3 },
        ]),
        a.token,
      );
      expect(split.status).toBe(409);
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 0 });
    });

    it("refuses a sku that is not a variant of the product or not the chosen size", async () => {
      const p = await product();
      const other = await product();
      const a = await newShopper(store.base, db);
      const foreign = await post(
        "/api/order/paymennt",
        orderPayload([{ product: p, quantity: 1, sku: other.variants[0]!.sku }]),
        a.token,
      );
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toBe(
        `${p.name} is not available in size M/54. Please choose the size again.`,
      );
      // The L/56 sku sent with size M/54: refused rather than charged at either price.
      const swapped = await post(
        "/api/order/paymennt",
        orderPayload([{ product: p, quantity: 1, sku: p.variants[1]!.sku }]),
        a.token,
      );
      expect(swapped.status).toBe(400);
      expect(await stockOf(db, p.variants[1]!.variantId)).toEqual({ stock: 2, held: 0 });
    });

    it("answers verify without a payment id and for an unknown one with SPEC's texts", async () => {
      const a = await newShopper(store.base, db);
      const missing = await post("/api/order/verifyPaymennt", { userId: a.id }, a.token);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        success: false,
        code: "validation",
        message: "Payment ID not found in URL parameters.",
      });
      const unknown = await post("/api/order/verifyPaymennt", { paymentId: "abc123" }, a.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe("Order data not found. Please try placing your order again.");
    });

    it("answers 400 'This payment method is not available.' for cash on delivery while it is off", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const res = await post("/api/order/place", orderPayload([{ product: p, quantity: 1 }]), a.token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: "cod_unavailable",
        message: "This payment method is not available.",
      });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 0 });
    });
  });

  describe("the order's language (issue 14)", () => {
    const languageOf = async (orderNumber: string) =>
      (
        await db
          .selectFrom("orders")
          .select("language")
          .where("order_number", "=", orderNumber)
          .executeTakeFirstOrThrow()
      ).language;

    it("stores the checkout's language on the order, English when the page sends none", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const arabic = await post(
        "/api/order/paymennt",
        orderPayload([{ product: p, quantity: 1 }], { language: "ar" }),
        a.token,
      );
      expect(arabic.status).toBe(200);
      expect(await languageOf(arabic.body.orderNumber as string)).toBe("ar");
      const english = await start(a.token, p, 1);
      expect(english.status).toBe(200);
      expect(await languageOf(english.body.orderNumber as string)).toBe("en");
    });

    it("asks Paymennt for an Arabic page for an Arabic order, which the sandbox shows right to left", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const arabic = await post(
        "/api/order/paymennt",
        orderPayload([{ product: p, quantity: 1 }], { language: "ar" }),
        a.token,
      );
      const sent = (await sandboxRequest(arabic.body.paymentId as string)) as unknown as {
        language: string;
        returnUrl: string;
      };
      expect(sent.language).toBe("AR");
      expect(sent.returnUrl).toBe(`${store.base}/ar/payment-redirect`);
      const page = await fetch(arabic.body.checkoutUrl as string).then((r) => r.text());
      expect(page).toContain('<html lang="ar" dir="rtl">');
      expect(page).toContain("<h1>دفع تجريبي</h1>");
      expect(page).toContain("رقم البطاقة");
      // A wrong card is refused in Arabic too.
      const wrong = await submitCard(arabic.body.checkoutUrl as string, "1111 2222 3333 4444");
      expect(wrong.status).toBe(422);
      expect(wrong.html).toContain("استخدم بطاقة تجريبية");
      // A paid Arabic attempt returns to the Arabic return page.
      const paid = await submitCard(arabic.body.checkoutUrl as string);
      expect(paid.location).toBe(`${store.base}/ar/payment-redirect?checkout=${arabic.body.paymentId}`);

      const english = await start(a.token, p, 1);
      const sentEnglish = (await sandboxRequest(english.body.paymentId as string)) as unknown as {
        language: string;
        returnUrl: string;
      };
      expect(sentEnglish).toMatchObject({ language: "EN", returnUrl: `${store.base}/payment-redirect` });
      const englishPage = await fetch(english.body.checkoutUrl as string).then((r) => r.text());
      expect(englishPage).toContain('<html lang="en">');
      expect(englishPage).toContain("<h1>Test payment</h1>");
    });

    it("refuses a language it does not speak with the code validation, holding nothing", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const res = await post(
        "/api/order/paymennt",
        orderPayload([{ product: p, quantity: 1 }], { language: "de" }),
        a.token,
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: "validation",
        message: "The language must be 'en' or 'ar'.",
      });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 0 });
    });
  });

  describe("an unpaid attempt", () => {
    it("declined card: the page says so, verify says declined, no order, stock back", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const res = await start(a.token, p, 2);
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 2 });
      const declined = await submitCard(res.body.checkoutUrl as string, "4000 0000 0000 0002");
      expect(declined.html).toContain("Your card was declined.");
      expect(declined.html).toContain(`/payment-redirect?checkout=${res.body.paymentId}`);
      // It waits for the shopper: no timed redirect, only the link back.
      expect(declined.refresh).toBeNull();
      const verified = await post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, a.token);
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({
        success: false,
        status: "failed",
        code: "payment_declined",
        message: "Your payment was declined.",
      });
      expect(await userOrders(a.token)).toEqual([]);
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 0 });
      expect(await hasPaidPurchase(db, a.id, p.productId)).toBe(false);
    });

    it("cancel button (a POST): back to the shop with the checkout id, cancelled, stock back", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const res = await start(a.token, p, 1);
      const cancel = await fetch(`${res.body.checkoutUrl as string}/cancel`, {
        method: "POST",
        redirect: "manual",
      });
      expect(cancel.status).toBe(303);
      expect(cancel.headers.get("location")).toBe(
        `${store.base}/payment-redirect?checkout=${res.body.paymentId}`,
      );
      const verified = await post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, a.token);
      expect(verified.body).toEqual({
        success: false,
        status: "cancelled",
        code: "payment_cancelled",
        message: "The payment was cancelled.",
      });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 0 });
    });

    it("placing again releases the shopper's own earlier open attempt instead of refusing them", async () => {
      const p = await product(1, 0);
      const a = await newShopper(store.base, db);
      const first = await start(a.token, p, 1);
      expect(first.status).toBe(200);
      // Back from the payment page without paying, then Place Order again: the last unit is theirs.
      const again = await start(a.token, p, 1);
      expect(again.status).toBe(200);
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 1, held: 1 });
      const old = await post("/api/order/verifyPaymennt", { paymentId: first.body.paymentId }, a.token);
      expect(old.body).toEqual({
        success: false,
        status: "cancelled",
        code: "payment_cancelled",
        message: "The payment was cancelled.",
      });
      // Another shopper is still refused: the unit is held for the new attempt.
      const b = await newShopper(store.base, db);
      expect((await start(b.token, p, 1)).status).toBe(409);
      await submitCard(again.body.checkoutUrl as string);
      const paid = await post("/api/order/verifyPaymennt", { paymentId: again.body.paymentId }, a.token);
      expect(paid.body.status).toBe("paid");
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 0, held: 0 });
    });

    it("an earlier attempt that was paid meanwhile becomes its order when the shopper places again", async () => {
      const p = await product(3, 0);
      const a = await newShopper(store.base, db);
      const first = await start(a.token, p, 1);
      await submitCard(first.body.checkoutUrl as string);
      const again = await start(a.token, p, 1);
      expect(again.status).toBe(200);
      expect((await userOrders(a.token)).map((o) => o.orderNumber)).toEqual([first.body.orderNumber]);
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 2, held: 1 });
    });

    it("still open: verify says pending and the stock stays held", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const res = await start(a.token, p, 1);
      const verified = await post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, a.token);
      expect(verified.body).toMatchObject({ success: false, status: "pending", code: "payment_pending" });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 1 });
    });

    it("provider cannot tell: verify says so with payment_unreachable and the stock stays held", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const res = await start(a.token, p, 1);
      // The sandbox no longer knows the checkout, so asking it about the payment fails.
      await db.deleteFrom("sandbox_checkouts").execute();
      const verified = await post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, a.token);
      expect(verified.body).toEqual({
        success: false,
        status: "pending",
        code: "payment_unreachable",
        message: "Payment verification failed.",
      });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 1 });
    });
  });

  describe("nobody returns from the payment page", () => {
    it("the webhook alone makes the order; its body is only a hint", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const b = await newShopper(store.base, db);
      const unpaid = await start(b.token, p, 1);
      // A forged notification saying PAID for an attempt that was not paid changes nothing.
      const forged = await post("/api/webhooks/paymennt", {
        id: unpaid.body.paymentId,
        status: "PAID",
        amount: 1,
      });
      expect(forged).toEqual({ status: 200, body: { received: true } });
      await store.services.orders.idle();
      expect(await userOrders(b.token)).toEqual([]);

      const res = await start(a.token, p, 1);
      await submitCard(res.body.checkoutUrl as string);
      const hook = await post("/api/webhooks/paymennt", { checkoutId: res.body.paymentId });
      expect(hook).toEqual({ status: 200, body: { received: true } });
      await store.services.orders.idle();
      expect((await userOrders(a.token)).map((o) => o.orderNumber)).toEqual([res.body.orderNumber]);
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 4, held: 1 });

      // Unknown ids and odd bodies get the same quick answer, saying nothing.
      for (const body of [{ id: "nope" }, {}, [1, 2]]) {
        expect(await post("/api/webhooks/paymennt", body)).toEqual({ status: 200, body: { received: true } });
      }
      const text = await api(store.base, "POST", "/api/webhooks/paymennt", {
        rawBody: "checkout=zzz",
        contentType: "application/x-www-form-urlencoded",
      });
      expect(text).toEqual({ status: 200, body: { received: true } });
    });

    it("an order placed by the webhook takes its lines out of the shopper's server cart, leaving the others", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      await fillServerCart(a.token, p);
      const res = await start(a.token, p, 1);
      await submitCard(res.body.checkoutUrl as string);
      await post("/api/webhooks/paymennt", { checkoutId: res.body.paymentId });
      await store.services.orders.idle();
      expect((await userOrders(a.token)).map((o) => o.orderNumber)).toEqual([res.body.orderNumber]);
      await expectOnlyOtherLineLeft(a.token, p);
    });

    it("an order placed by the shopper's return (verify) takes its lines out of the server cart, leaving the others", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      await fillServerCart(a.token, p);
      const res = await start(a.token, p, 1);
      await submitCard(res.body.checkoutUrl as string);
      // Nothing leaves the cart while the payment is only started and paid at the provider.
      expect(Object.keys((await post("/api/cart/get", {}, a.token)).body.cartData as object)).toEqual([
        p.productId,
      ]);
      const verified = await post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, a.token);
      expect(verified.body).toMatchObject({ success: true, status: "paid" });
      await expectOnlyOtherLineLeft(a.token, p);
    });

    it("an order placed by the reconciliation job takes its lines out of the server cart, leaving the others", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      await fillServerCart(a.token, p);
      const res = await start(a.token, p, 1);
      await submitCard(res.body.checkoutUrl as string);
      await store.services.orders.reconcile(new Date(Date.now() + 61_000));
      expect((await userOrders(a.token)).map((o) => o.orderNumber)).toEqual([res.body.orderNumber]);
      await expectOnlyOtherLineLeft(a.token, p);
    });

    it("the reconciliation job places a paid attempt and expires an unpaid one past its hold", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const c = await newShopper(store.base, db);
      const paid = await start(a.token, p, 1);
      await submitCard(paid.body.checkoutUrl as string);
      const open = await start(c.token, p, 2);
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 5, held: 3 });

      // A minute later: the paid one is placed; the open one is still inside its hold and kept.
      await store.services.orders.reconcile(new Date(Date.now() + 61_000));
      expect((await userOrders(a.token)).map((o) => o.orderNumber)).toEqual([paid.body.orderNumber]);
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 4, held: 2 });

      // Past the 15-minute hold: expired, its stock released, and verify says so.
      await store.services.orders.reconcile(new Date(Date.now() + 16 * 60_000));
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 4, held: 0 });
      const verified = await post("/api/order/verifyPaymennt", { paymentId: open.body.paymentId }, c.token);
      expect(verified.body).toMatchObject({ success: false, status: "expired", code: "payment_expired" });
      const order = await db
        .selectFrom("orders")
        .select(["status", "payment_status", "placed_at"])
        .where("order_number", "=", open.body.orderNumber as string)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ status: "Cancelled", payment_status: "expired", placed_at: null });
    });

    it("a payment confirmed after its hold expired is honoured while stock allows, else placed and flagged", async () => {
      const p = await product(2, 0);
      const a = await newShopper(store.base, db);
      const a2 = await newShopper(store.base, db);
      const late = await start(a.token, p, 1);
      const later = await start(a2.token, p, 1);
      await store.services.orders.reconcile(new Date(Date.now() + 16 * 60_000));
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 2, held: 0 });
      // Someone else buys one of the two meanwhile.
      const b = await newShopper(store.base, db);
      const other = await start(b.token, p, 1);
      await submitCard(other.body.checkoutUrl as string);
      await post("/api/order/verifyPaymennt", { paymentId: other.body.paymentId }, b.token);

      // The shopper still pays on the (still open) provider page: stock allows one more.
      await submitCard(late.body.checkoutUrl as string);
      const first = await post("/api/order/verifyPaymennt", { paymentId: late.body.paymentId }, a.token);
      expect(first.body).toMatchObject({ success: true, status: "paid" });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 0, held: 0 });

      // And the second: no stock left. Placed (money was taken) and flagged; stock stays at 0.
      await submitCard(later.body.checkoutUrl as string);
      const second = await post("/api/order/verifyPaymennt", { paymentId: later.body.paymentId }, a2.token);
      expect(second.body).toMatchObject({ success: true, status: "paid" });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 0, held: 0 });
      const flagged = await db
        .selectFrom("orders")
        .select(["needs_attention", "attention_reason", "status"])
        .where("order_number", "=", later.body.orderNumber as string)
        .executeTakeFirstOrThrow();
      expect(Boolean(flagged.needs_attention)).toBe(true);
      expect(flagged.attention_reason).toContain("not enough stock");
      expect(flagged.status).toBe("Order Placed");
      const honoured = await db
        .selectFrom("orders")
        .select("needs_attention")
        .where("order_number", "=", late.body.orderNumber as string)
        .executeTakeFirstOrThrow();
      expect(Boolean(honoured.needs_attention)).toBe(false);
      const shopMail = await db
        .selectFrom("outbox")
        .select("text_body")
        .where("kind", "=", "order-new")
        .where("subject", "like", `%${later.body.orderNumber as string}%`)
        .executeTakeFirstOrThrow();
      expect(shopMail.text_body).toContain("Needs attention");
    });
  });

  describe("My Orders and the invoice", () => {
    it("lists placed orders newest first with lines, totals and VAT included per line", async () => {
      const p = await addTestProduct(db, {
        variants: [
          { size: "M/54", retailFils: 45_000, stock: 10 },
          { size: "S/52", retailFils: 9_950, stock: 10 },
        ],
      });
      const a = await newShopper(store.base, db);
      const first = await start(a.token, p, 1, "S/52");
      await submitCard(first.body.checkoutUrl as string);
      await post("/api/order/verifyPaymennt", { paymentId: first.body.paymentId }, a.token);
      const res = await post(
        "/api/order/paymennt",
        orderPayload([
          { product: p, quantity: 2 },
          { product: p, quantity: 1, size: "S/52" },
        ]),
        a.token,
      );
      await submitCard(res.body.checkoutUrl as string);
      await post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, a.token);
      // One left on the payment page: not listed.
      await start(a.token, p, 1);

      const list = await post("/api/order/userorders", {}, a.token);
      const orders = (list.body.orders as unknown[]).map((o) => OrderDtoSchema.parse(o));
      expect(orders.map((o) => o.orderNumber)).toEqual([res.body.orderNumber, first.body.orderNumber]);
      const [latest] = orders;
      // 900.00 × 5/105 = 42.857… → 42.86; 99.50 × 5/105 = 4.738… → 4.74.
      expect(latest!.line_items.map((l) => [l.lineTotalFils, l.vatFils])).toEqual([
        [90_000, 4_286],
        [9_950, 474],
      ]);
      expect(latest!.totals).toEqual({
        subtotalFils: 99_950,
        shippingFils: 0,
        totalFils: 99_950,
        vatFils: 4_760,
      });
      // Paid through the sandbox: a test order, with a test document of its own series (decision 0015).
      expect(latest!.isTest).toBe(true);
      expect(latest!.invoice).toEqual({
        kind: "test",
        number: expect.stringMatching(/^TEST-\d{6}$/),
        date: latest!.date,
        title: "Test document — not a tax invoice",
        titleAr: "مستند تجريبي — ليس فاتورة ضريبية",
        notice: {
          en: "Test order: paid through the test payment sandbox. No money was taken.",
          ar: "طلب تجريبي: دُفع عبر بيئة الدفع التجريبية. لم يُؤخذ أي مبلغ.",
        },
        sellerName: "Noor Atelier",
        sellerNameAr: "Noor Atelier",
        sellerAddress: store.config.SHOP_OFFICE_ADDRESS,
        trn: null,
        vatRate: 5,
      });
      expect(latest!.price).toEqual({
        currency_code: "AED",
        payment_mode: "online",
        delivery_type: "next day delivery",
        shipping_charges: "0",
        tax: "0",
        extra_charges: "0",
        COD: "0",
      });
    });
  });

  describe("the sandbox's card page", () => {
    it("is a plain, labelled 'Test payment' page under a strict policy, and checks what is typed", async () => {
      const p = await product();
      const a = await newShopper(store.base, db);
      const res = await start(a.token, p, 2);
      const page = await fetch(res.body.checkoutUrl as string);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain("<title>Test payment</title>");
      expect(html).toContain("<h1>Test payment</h1>");
      expect(html).toContain("Noor Atelier");
      expect(html).toContain("AED 900.00");
      for (const [id, label] of [
        ["card", "Card number"],
        ["expiry", "Expiry (MM/YY)"],
        ["cvc", "CVC"],
        ["name", "Name on card"],
      ]) {
        expect(html).toContain(`<label for="${id}">${label}</label>`);
        expect(html).toContain(`id="${id}"`);
      }
      expect(html).toContain(">Pay AED 900.00</button>");
      expect(html).toMatch(
        /<form class="actions" method="post" action="[^"]+\/cancel">\s*<button type="submit"[^>]*>Cancel<\/button>/,
      );
      expect(html).toContain("This is a test payment page: it takes no money.");
      expect(html).not.toContain("<script");
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain("unsafe-inline");
      const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(html).toContain(`<style nonce="${nonce}">`);

      const wrong = await submitCard(res.body.checkoutUrl as string, "1234 5678 9012 3456", {
        expiry: "13/20",
        cvc: "1",
        name: " ",
      });
      expect(wrong.status).toBe(422);
      expect(wrong.html).toContain('aria-invalid="true"');
      expect(wrong.html).toContain("Use a test card");
      expect(wrong.html).toContain("Enter the expiry as MM/YY");
      expect(wrong.html).toContain("Enter the name on the card.");
      // Still open: nothing happened to the attempt.
      const verified = await post("/api/order/verifyPaymennt", { paymentId: res.body.paymentId }, a.token);
      expect(verified.body.status).toBe("pending");
    });

    it("speaks Paymennt's envelope, refuses totals that do not add up and unknown checkouts", async () => {
      const base = `${store.base}/sandbox/paymennt/mer/v2.0/`;
      // The key and secret the store gave its payment client for the sandbox (issue 21).
      const keys = await sandboxCredentials(db, store.config);
      const headers = {
        "content-type": "application/json",
        "X-Paymennt-Api-Key": keys.apiKey,
        "X-Paymennt-Api-Secret": keys.apiSecret,
      };
      const bad = await fetch(`${base}checkout/web`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          requestId: "r-1",
          orderId: "NA-1",
          currency: "AED",
          amount: 10,
          totals: { subtotal: 20 },
          returnUrl: `${store.base}/payment-redirect`,
        }),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ success: false, error: expect.any(String), result: null });
      const missing = await fetch(`${base}checkout/nope`, { headers });
      expect(missing.status).toBe(404);
      const noKeys = await fetch(`${base}checkout/nope`);
      expect(noKeys.status).toBe(401);
    });
  });
});

describe.each(TEST_ENGINES)("order settings on $name", (engine) => {
  it("cash on delivery when COD_ENABLED: placed at once, unpaid, stock taken; a TRN makes a Tax Invoice", async () => {
    const store = await createListeningStore(engine, { COD_ENABLED: "true", SHOP_TRN: "100123456700003" });
    try {
      const db = store.database.db;
      const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }] });
      const a = await newShopper(store.base, db);
      const config = await api(store.base, "GET", "/api/order/config");
      expect(config.body).toEqual({
        success: true,
        codEnabled: true,
        cardPayments: true,
        vatRate: 5,
        trn: "100123456700003",
        delivery: { feeFils: 0, freeThresholdFils: null, emirateFeesFils: {}, sameDayFeeFils: 0 },
      });
      const res = await api(store.base, "POST", "/api/order/place", {
        token: a.token,
        body: orderPayload([{ product: p, quantity: 2 }], { price: { payment_mode: "cod", COD: "1" } }),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: "Order placed",
        orderNumber: expect.any(String),
      });
      const order = OrderDtoSchema.parse(res.body.order);
      expect(order).toMatchObject({
        status: "Order Placed",
        paymentStatus: "unpaid",
        price: { payment_mode: "cod", COD: "900" },
        totals: { totalFils: 90_000, vatFils: 4_286 },
        isTest: false,
        invoice: { kind: "tax_invoice", title: "Tax Invoice", trn: "100123456700003", vatRate: 5 },
      });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 1, held: 0 });
      const short = await api(store.base, "POST", "/api/order/place", {
        token: a.token,
        body: orderPayload([{ product: p, quantity: 2 }]),
      });
      expect(short.status).toBe(409);
      expect(short.body.message).toBe(`Stock error: Only 1 in stock for ${p.name} (M/54)`);
      const list = await api(store.base, "POST", "/api/order/userorders", { token: a.token, body: {} });
      expect((list.body.orders as unknown[]).length).toBe(1);
      expect(await hasPaidPurchase(db, a.id, p.productId)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it("cash on delivery refuses a missing address and an empty cart with SPEC's texts, ordering nothing", async () => {
    const store = await createListeningStore(engine, { COD_ENABLED: "true" });
    try {
      const db = store.database.db;
      const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }] });
      const a = await newShopper(store.base, db);
      const base = orderPayload([{ product: p, quantity: 2 }], { price: { payment_mode: "cod", COD: "1" } });
      const cases: [unknown, string][] = [
        [{ ...base, address: undefined }, "Please select a delivery address."],
        [{ ...base, address: {} }, "Please select a delivery address."],
        [{ ...base, line_items: [] }, "Your cart is empty."],
        [{ ...base, line_items: undefined }, "Your cart is empty."],
      ];
      for (const [body, message] of cases) {
        const res = await api(store.base, "POST", "/api/order/place", { token: a.token, body });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400,
          body: { success: false, code: "validation", message },
        });
      }
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 3, held: 0 });
      expect(await db.selectFrom("orders").select("id").execute()).toEqual([]);
      const list = await api(store.base, "POST", "/api/order/userorders", { token: a.token, body: {} });
      expect(list.body.orders).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("a cash-on-delivery order takes its lines out of the shopper's server cart, leaving the others", async () => {
    const store = await createListeningStore(engine, { COD_ENABLED: "true" });
    try {
      const db = store.database.db;
      const p = await addTestProduct(db, {
        variants: [
          { size: "M/54", retailFils: 45_000, stock: 3 },
          { size: "L/56", retailFils: 50_000, stock: 3 },
        ],
      });
      const a = await newShopper(store.base, db);
      for (const size of ["M/54", "L/56"]) {
        const added = await api(store.base, "POST", "/api/cart/add", {
          token: a.token,
          body: { itemId: p.productId, size, color: "Black", quantity: 1 },
        });
        expect(added.status).toBe(200);
      }
      const res = await api(store.base, "POST", "/api/order/place", {
        token: a.token,
        body: orderPayload([{ product: p, quantity: 1 }], { price: { payment_mode: "cod", COD: "1" } }),
      });
      expect(res.status).toBe(200);
      const cart = await api(store.base, "POST", "/api/cart/get", { token: a.token, body: {} });
      expect(cart.body.cartData).toEqual({
        [p.productId]: { quantity: 1, lines: [{ size: "L/56", color: "Black", quantity: 1 }] },
      });
    } finally {
      await store.close();
    }
  });

  it("answers 502 'Failed to initiate payment.' when the provider cannot be reached, releasing the hold", async () => {
    // The sandbox's address points at a port nobody listens on, so the client's call to it fails.
    const store = await createListeningStore(engine, { PAYMENNT_SANDBOX_URL: "http://127.0.0.1:9" });
    try {
      const db = store.database.db;
      const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }] });
      const a = await newShopper(store.base, db);
      const res = await api(store.base, "POST", "/api/order/paymennt", {
        token: a.token,
        body: orderPayload([{ product: p, quantity: 2 }]),
      });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        success: false,
        code: "payment_unavailable",
        message: "Failed to initiate payment.",
      });
      expect(await stockOf(db, p.variants[0]!.variantId)).toEqual({ stock: 3, held: 0 });
      const order = await db.selectFrom("orders").select(["status", "placed_at"]).executeTakeFirstOrThrow();
      expect(order).toEqual({ status: "Cancelled", placed_at: null });
    } finally {
      await store.close();
    }
  });

  it("never registers the sandbox when Paymennt keys are set", async () => {
    const store = await createListeningStore(engine, {
      PAYMENNT_API_KEY: "key-12345678",
      PAYMENNT_API_SECRET: "secret-12345678",
    });
    try {
      expect(store.services.paymennt.sandbox).toBe(false);
      expect(store.services.paymennt.baseUrl).toBe("https://api.test.paymennt.com/mer/v2.0/");
      const page = await fetch(`${store.base}/sandbox/paymennt/pay/abc`);
      expect(page.status).toBe(404);
      const apiCall = await fetch(`${store.base}/sandbox/paymennt/mer/v2.0/checkout/abc`, {
        headers: { "X-Paymennt-Api-Key": "k", "X-Paymennt-Api-Secret": "s" },
      });
      expect(apiCall.status).toBe(404);
    } finally {
      await store.close();
    }
  });
});

describe("the Paymennt client over HTTP", () => {
  /** A provider on a local port whose answers the test decides. */
  async function provider(handler: (req: IncomingMessage, res: ServerResponse) => void) {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const client = createPaymenntClient({
      baseUrl: `http://127.0.0.1:${port}/mer/v2.0`,
      apiKey: "key",
      apiSecret: "secret",
      sandbox: false,
      timeoutMs: 300,
    });
    return {
      client,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  it("sends the keys and the body, reads the envelope, and keeps reading over reused connections", async () => {
    const seen: { method?: string; url?: string; key?: string; body: string }[] = [];
    const p = await provider((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, key: String(req.headers["x-paymennt-api-key"]), body });
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            success: true,
            elapsed: 1,
            error: null,
            result: { id: "chk-1", status: "PAID", redirectUrl: "https://pay.example/chk-1" },
          }),
        );
      });
    });
    try {
      for (let i = 0; i < 5; i++) expect((await p.client.getCheckout("chk 1")).status).toBe("PAID");
      const created = await p.client.createCheckout({ requestId: "r-1" } as PaymenntCheckoutRequest);
      expect(created.redirectUrl).toBe("https://pay.example/chk-1");
      expect(seen[0]).toEqual({ method: "GET", url: "/mer/v2.0/checkout/chk%201", key: "key", body: "" });
      expect(seen.at(-1)).toEqual({
        method: "POST",
        url: "/mer/v2.0/checkout/web",
        key: "key",
        body: '{"requestId":"r-1"}',
      });
    } finally {
      await p.close();
    }
  });

  it("gives up on a provider that does not answer in time, and names a refusal or an answer without JSON", async () => {
    let mode: "silent" | "refuse" | "html" = "silent";
    const p = await provider((_req, res) => {
      if (mode === "silent") return;
      res.statusCode = mode === "refuse" ? 400 : 502;
      res.end(
        mode === "refuse"
          ? JSON.stringify({ success: false, error: "amount is invalid" })
          : "<h1>Bad gateway</h1>",
      );
    });
    try {
      await expect(p.client.getCheckout("a")).rejects.toThrow(
        /could not be reached: no answer within 300 ms/,
      );
      mode = "refuse";
      await expect(p.client.getCheckout("a")).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/refused GET checkout\/a \(400\): amount is invalid/),
      });
      mode = "html";
      await expect(p.client.getCheckout("a")).rejects.toMatchObject({
        status: 502,
        message: "Paymennt answered 502 without JSON",
      });
    } finally {
      await p.close();
    }
  });
});
