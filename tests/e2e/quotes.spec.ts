import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arMadeToOrder } from "../../core/i18n/ar-made-to-order.ts";
import { enMadeToOrder } from "../../core/i18n/en-made-to-order.ts";
import { openDatabase } from "../../server/db/connection.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "../../server/testing/admin.ts";
import { insertTestOrder } from "../../server/testing/orders.ts";
import {
  expectAccessible,
  launchBrowser,
  newContext,
  type RunningStore,
  startStore,
  waitForHydration,
} from "./harness.ts";
import { registerVerified } from "./shopper.ts";

/**
 * Issue 29, part 4 (decision 0043), at phone size in English and Arabic: the owner answers a home-visit
 * request sent signed in with a quote on the request's screen; the shopper accepts it in My Account and
 * pays with the sandbox's card; then she asks for an alteration of a delivered made-to-measure order's
 * line (the order written straight into the database) and her order's timeline shows it.
 */

let store: RunningStore;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-quotes-"));
const databaseUrl = `file:${join(dataDir, "store.db")}`;
let owner: { email: string };

beforeAll(async () => {
  [store, browser] = await Promise.all([
    startStore({
      NODE_ENV: "test",
      COD_ENABLED: "true",
      PASSWORD_HASH_COST: "10",
      DATABASE_URL: databaseUrl,
    }),
    launchBrowser(),
  ]);
  const database = openDatabase(databaseUrl);
  try {
    owner = await createRoleUser(database.db, "owner");
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${store.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A verified shopper, signed in, who sends a home-visit stitching request; its id and her token. */
async function shopperWithRequest(language: "en" | "ar") {
  const stamp = Date.now();
  const shopper = {
    name: "Maha Shopper",
    email: `maha.${language}.${stamp}@example.com`,
    phone: `055${String(stamp % 10_000_000).padStart(7, "0")}`,
    password: "shopper-pass-1",
  };
  await registerVerified(store.baseUrl, shopper);
  const login = await post("/api/user/login", { identifier: shopper.email, password: shopper.password });
  const token = String(login.body.token);
  const sent = await post(
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
    token,
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const database = openDatabase(databaseUrl);
  try {
    const row = await database.db
      .selectFrom("stitching_requests")
      .select(["id", "user_id"])
      .where("reference", "=", String(sent.body.reference))
      .executeTakeFirstOrThrow();
    return { requestId: row.id, userId: String(row.user_id), token, email: shopper.email };
  } finally {
    await database.close();
  }
}

/** A delivered order of hers with a made-to-measure line, delivered two days ago. */
async function deliveredMadeToMeasure(userId: string, email: string, language: "en" | "ar") {
  const database = openDatabase(databaseUrl);
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

async function ownerSignsIn(page: Page) {
  await page.goto("/admin");
  await page.waitForURL(/\/admin\/login/);
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin$/);
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

describe.each([
  { language: "en" as const, copy: enMadeToOrder, prefix: "", card: CARD_PAGE.en },
  { language: "ar" as const, copy: arMadeToOrder, prefix: "/ar", card: CARD_PAGE.ar },
])("stitching quotes and alterations in $language at phone size", ({ language, copy, prefix, card }) => {
  it("the owner quotes a home-visit request, the shopper accepts and pays by card, then asks for an alteration", {
    timeout: 240_000,
  }, async () => {
    const shopper = await shopperWithRequest(language);
    const context = await newContext(browser, "phone", store.baseUrl);
    try {
      // The owner's quote on the request's screen.
      const admin = await context.newPage();
      await ownerSignsIn(admin);
      await admin.goto(`/admin/inbox/stitching/${shopper.requestId}`);
      await waitForHydration(admin);
      const form = admin.getByRole("form", { name: "Send a quote" });
      await form.waitFor();
      await form.getByLabel("Description").first().fill("Abaya stitching with home visit");
      await form.getByLabel("Quantity").first().fill("1");
      await form.getByLabel("Unit price (AED)").first().fill("275");
      await form.getByLabel("Ready by").fill("2026-12-20");
      await form.getByRole("button", { name: "Send quote" }).click();
      await expect.poll(() => admin.getByTestId("request-quotes").textContent()).toContain("AED");
      await expectAccessible(admin);

      // The shopper accepts in My Account and pays on the sandbox's page.
      const page = await context.newPage();
      await page.addInitScript((token) => localStorage.setItem("store.token", token), shopper.token);
      await page.goto(`${prefix}/account?tab=requests`);
      await waitForHydration(page);
      const quote = page.getByTestId("request-quote");
      await quote.waitFor({ timeout: 15_000 });
      await expect.poll(() => quote.getAttribute("data-status")).toBe("open");
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
            const res = await fetch(`${store.baseUrl}/api/order/userorders`, {
              method: "POST",
              headers: { "content-type": "application/json", token: shopper.token },
              body: "{}",
            });
            const { orders } = (await res.json()) as {
              orders?: { paymentStatus?: string; total?: number }[];
            };
            return JSON.stringify(orders ?? []);
          },
          { timeout: 20_000 },
        )
        .toContain("275");
      await page.goto(`${prefix}/account?tab=requests`);
      await waitForHydration(page);
      await expect.poll(() => page.getByTestId("request-quote").getAttribute("data-status")).toBe("accepted");

      // An alteration of a delivered made-to-measure order.
      const order = await deliveredMadeToMeasure(shopper.userId, shopper.email, language);
      await page.goto(`${prefix}/account?tab=orders&order=${order.id}`);
      await waitForHydration(page);
      const alteration = page.getByTestId("alteration-form");
      await alteration.waitFor({ timeout: 15_000 });
      await expectAccessible(page);
      await alteration.getByLabel(copy["aftersale.alteration.what"]).selectOption("sleeves");
      await alteration.getByLabel(copy["aftersale.alteration.note"]).fill("2 cm shorter");
      await alteration.getByRole("button", { name: copy["aftersale.alteration.submit"] }).click();
      await expect
        .poll(() => page.getByTestId("alteration-sent").textContent())
        .toContain(`${order.order_number}-A1`);
      await expect.poll(() => timelineOf(page)).toContain("alteration:requested");
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
