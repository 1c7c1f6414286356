import type { Page } from "@playwright/test";
import { arMadeToOrder } from "../../core/i18n/ar-made-to-order.ts";
import { enMadeToOrder } from "../../core/i18n/en-made-to-order.ts";
import { openDatabase } from "../../server/db/connection.ts";
import { insertTestOrder } from "../../server/testing/orders.ts";
import { apiOf, expect, type RunningStore, registerShopper, test } from "./fixtures.ts";
import { expectAccessible, waitForHydration } from "./harness.ts";

/**
 * Issue 29, part 4 (decision 0043), at phone size in English and Arabic: the owner answers a home-visit
 * request sent signed in with a quote on the request's screen; the shopper accepts it in My Account and
 * pays with the sandbox's card; then she asks for an alteration of a delivered made-to-measure order's
 * line (the order written straight into the database) and her order's timeline shows it.
 */

test.use({ storeEnv: { NODE_ENV: "test", COD_ENABLED: "true" } });

/** A verified shopper, signed in, who sends a home-visit stitching request; its id and her account. */
async function shopperWithRequest(store: RunningStore, language: "en" | "ar", workerIndex: number) {
  const shopper = await registerShopper(store.baseUrl, { name: "Maha Shopper" }, workerIndex);
  const sent = await apiOf(store.baseUrl).post(
    "/api/stitching/request",
    {
      name: shopper.name,
      phoneNumber: shopper.phone,
      addressType: "Home",
      fullAddress: "Villa 9, Street 3, Al Warqa 1",
      city: "Dubai",
      pinCode: "123456",
      serviceType: "Graceful Abayas",
      itemCount: "1",
      message: "Please measure me at home.",
      language,
    },
    shopper.token,
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const database = openDatabase(store.databaseUrl);
  try {
    const row = await database.db
      .selectFrom("stitching_requests")
      .select(["id", "user_id"])
      .where("reference", "=", String(sent.body.reference))
      .executeTakeFirstOrThrow();
    return { requestId: row.id, userId: String(row.user_id), shopper };
  } finally {
    await database.close();
  }
}

/** A delivered order of hers with a made-to-measure line, delivered two days ago. */
async function deliveredMadeToMeasure(
  store: RunningStore,
  userId: string,
  email: string,
  language: "en" | "ar",
) {
  const database = openDatabase(store.databaseUrl);
  try {
    const db = database.db;
    const order = await insertTestOrder(db, {
      userId,
      at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
      status: "Delivered",
    });
    await db.updateTable("orders").set({ ship_email: email, language }).where("id", "=", order.id).execute();
    await db
      .updateTable("order_lines")
      .set({ stitching: JSON.stringify({ style: { name: "Kimono abaya" } }) })
      .where("order_id", "=", order.id)
      .execute();
    await db
      .insertInto("order_events")
      .values({
        id: `${order.id}-delivered`,
        order_id: order.id,
        at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        actor: "staff:test",
        from_status: "Shipped",
        to_status: "Delivered",
        note: null,
      })
      .execute();
    return order;
  } finally {
    await database.close();
  }
}

const timelineOf = (page: Page) =>
  page
    .getByTestId("order-timeline")
    .getByTestId("timeline-event")
    .evaluateAll((items) => items.map((i) => i.getAttribute("data-event")));

/** The sandbox's card page speaks the order's language (Paymennt's `language`). */
const CARD_PAGE = {
  en: { card: "Card number", expiry: "Expiry (MM/YY)", cvc: "CVC", name: "Name on card", pay: /^Pay/ },
  ar: {
    card: "رقم البطاقة",
    expiry: "تاريخ الانتهاء (MM/YY)",
    cvc: "رمز التحقق (CVC)",
    name: "الاسم على البطاقة",
    pay: /^ادفع/,
  },
};

for (const { language, copy, prefix, card } of [
  { language: "en" as const, copy: enMadeToOrder, prefix: "", card: CARD_PAGE.en },
  { language: "ar" as const, copy: arMadeToOrder, prefix: "/ar", card: CARD_PAGE.ar },
]) {
  test.describe(`stitching quotes and alterations in ${language} at phone size`, () => {
    test("the owner quotes a home-visit request, the shopper accepts and pays by card, then asks for an alteration", async ({
      browser,
      store,
      api,
      owner,
    }, info) => {
      test.setTimeout(240_000);
      const { requestId, userId, shopper } = await shopperWithRequest(store, language, info.workerIndex);
      // One phone: the owner's back office and the shopper's account side by side.
      const context = await shopper.context(browser, "phone");
      try {
        // The owner's quote on the request's screen.
        await owner.signIn(context);
        const admin = await context.newPage();
        await admin.goto(`/admin/inbox/stitching/${requestId}`);
        await waitForHydration(admin);
        const form = admin.getByRole("form", { name: "Send a quote" });
        await expect(form).toBeVisible();
        await form.getByLabel("Description").first().fill("Abaya stitching with home visit");
        await form.getByLabel("Quantity").first().fill("1");
        await form.getByLabel("Unit price (AED)").first().fill("275");
        await form.getByLabel("Ready by").fill("2026-12-20");
        await form.getByRole("button", { name: "Send quote" }).click();
        await expect(admin.getByTestId("request-quotes")).toContainText("AED");
        await expectAccessible(admin);

        // The shopper accepts in My Account and pays on the sandbox's page.
        const page = await context.newPage();
        await page.goto(`${prefix}/account?tab=requests`);
        await waitForHydration(page);
        const quote = page.getByTestId("request-quote");
        await expect(quote).toBeVisible({ timeout: 15_000 });
        await expect(quote).toHaveAttribute("data-status", "open");
        await expectAccessible(page);
        await quote.getByLabel(copy["aftersale.quote.pay.online"]).check();
        await quote.getByRole("button", { name: copy["aftersale.quote.accept"] }).click();
        await page.waitForURL(/\/sandbox\/paymennt\/pay\//);
        await page.getByLabel(card.card).fill("4242 4242 4242 4242");
        await page.getByLabel(card.expiry).fill("12/34");
        await page.getByLabel(card.cvc).fill("123");
        await page.getByLabel(card.name).fill("Maha Shopper");
        await page.getByRole("button", { name: card.pay }).click();
        await page.waitForURL(new RegExp(`^[^?]*${prefix}/payment-redirect\\?checkout=`));
        // Paid: the quote is accepted and its order is hers, paid.
        await expect
          .poll(
            async () => {
              const { body } = await api.post("/api/order/userorders", {}, shopper.token);
              return JSON.stringify(body.orders ?? []);
            },
            { timeout: 20_000 },
          )
          .toContain("275");
        await page.goto(`${prefix}/account?tab=requests`);
        await waitForHydration(page);
        await expect(page.getByTestId("request-quote")).toHaveAttribute("data-status", "accepted");

        // An alteration of a delivered made-to-measure order.
        const order = await deliveredMadeToMeasure(store, userId, shopper.email!, language);
        await page.goto(`${prefix}/account?tab=orders&order=${order.id}`);
        await waitForHydration(page);
        const alteration = page.getByTestId("alteration-form");
        await expect(alteration).toBeVisible({ timeout: 15_000 });
        await expectAccessible(page);
        await alteration.getByLabel(copy["aftersale.alteration.what"]).selectOption("sleeves");
        await alteration.getByLabel(copy["aftersale.alteration.note"]).fill("2 cm shorter");
        await alteration.getByRole("button", { name: copy["aftersale.alteration.submit"] }).click();
        await expect(page.getByTestId("alteration-sent")).toContainText(`${order.order_number}-A1`);
        await expect.poll(() => timelineOf(page)).toContain("alteration:requested");
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  });
}
