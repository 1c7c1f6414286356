import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readyDate } from "../../core/business-days.ts";
import { openDatabase } from "../../server/db/connection.ts";
import { newId } from "../../server/ids.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "../../server/testing/admin.ts";
import { ADDRESS, addTestProduct, type TestProduct } from "../../server/testing/checkout.ts";
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
 * 'Stitch it for me' (issue 29; decision 0042) at phone size: a signed-in shopper with a measurement
 * profile opens the product page's panel, picks a style and her profile and adds the stitched fabric,
 * sees the style and the ready date in the cart and at checkout, pays with the sandbox card, finds the
 * line 'measured' on her order page (in English and Arabic), follows it to 'ready' once the workshop
 * moves it there, and taps 'Stitch again'. In Arabic, a guest
 * types her measurements in the panel and sees a range message before the line is added.
 */

let store: RunningStore;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-stitch-"));
const databaseUrl = `file:${join(dataDir, "store.db")}`;
let fabric: TestProduct;
let owner: { email: string };
const styleId = newId();

beforeAll(async () => {
  [store, browser] = await Promise.all([
    startStore({ NODE_ENV: "test", PASSWORD_HASH_COST: "10", DATABASE_URL: databaseUrl }),
    launchBrowser(),
  ]);
  const database = openDatabase(databaseUrl);
  try {
    const db = database.db;
    owner = await createRoleUser(db, "owner");
    fabric = await addTestProduct(db, {
      name: "Ivory Lawn Fabric",
      variants: [{ size: "3 metres", retailFils: 20_000, stock: 8 }],
    });
    await db
      .updateTable("products")
      .set({ type: "Unstitched", fabric: "Cotton Lawn" })
      .where("id", "=", fabric.productId)
      .execute();
    const at = new Date().toISOString();
    await db
      .insertInto("stitching_styles")
      .values({
        id: styleId,
        name: "Classic kaftan",
        name_ar: "قفطان كلاسيكي",
        description: "",
        image: null,
        price_fils: 15_000,
        lead_days: 5,
        fabric_types: "[]",
        active: true,
        position: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(path: string, body: unknown, token?: string) {
  const res = await fetch(`${store.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A verified shopper with a saved address and a measurement profile ("Mother"). */
async function shopperWithProfile() {
  const stamp = Date.now();
  const shopper = {
    name: "Noura Shopper",
    email: `noura.${stamp}@example.com`,
    phone: `055${String(stamp % 10_000_000).padStart(7, "0")}`,
    password: "shopper-pass-1",
  };
  await registerVerified(store.baseUrl, shopper);
  const token = String(
    (await call("/api/user/login", { identifier: shopper.email, password: shopper.password })).body.token,
  );
  const saved = await call("/api/address/save", { address: ADDRESS }, token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const database = openDatabase(databaseUrl);
  const profileId = newId();
  try {
    const user = await database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", shopper.email)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await database.db
      .insertInto("measurement_profiles")
      .values({
        id: profileId,
        user_id: user.id,
        name: "Mother",
        unit: "cm",
        values_mm: JSON.stringify({ shoulder: 380, bust: 920, waist: 780, hips: 1000, sleeveLength: 580 }),
        source: "shopper",
        request_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  } finally {
    await database.close();
  }
  return { token };
}

describe("stitch it for me", () => {
  it("orders a stitched fabric, pays by card, follows it from 'measured' to 'ready' and stitches it again", {
    timeout: 240_000,
  }, async () => {
    const { token } = await shopperWithProfile();
    const ready = readyDate([5]);
    const context = await newContext(browser, "phone", store.baseUrl);
    try {
      const page = await context.newPage();
      await page.addInitScript((t) => localStorage.setItem("store.token", t), token);
      await page.goto(`/product/${fabric.slug}`);
      await waitForHydration(page);
      await page.getByTestId("stitch-it").click();
      const panel = page.getByTestId("stitch-panel");
      await panel.getByRole("radio", { name: /Classic kaftan/ }).check();
      await panel.getByRole("radio", { name: "Mother" }).check();
      await expect.poll(() => panel.getByTestId("stitch-ready").getAttribute("data-date")).toBe(ready);
      // Fabric 200 + stitching 150.
      await expect.poll(() => panel.getByTestId("stitch-total").textContent()).toMatch(/350/);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await expectAccessible(page);
      await panel.getByTestId("stitch-add").click();
      await page.waitForURL(/\/cart$/);
      const note = page.getByTestId("line-stitching");
      await expect
        .poll(() => note.textContent(), { timeout: 15_000 })
        .toContain("+ stitching: Classic kaftan");
      await expect.poll(() => note.textContent()).toContain("Measurements: Mother");
      await expect.poll(() => page.getByTestId("ready-by").getAttribute("data-date")).toBe(ready);
      // Fabric 200 + stitching 150, priced by the server.
      await expect.poll(() => page.getByTestId("cart-total").textContent()).toMatch(/350/);
      await expectAccessible(page);

      await page.getByTestId("proceed-to-checkout").click();
      await page.waitForURL(/\/checkout$/);
      await waitForHydration(page);
      const summary = page.getByTestId("order-summary");
      await expect
        .poll(() => summary.getByTestId("ready-by").getAttribute("data-date"), { timeout: 15_000 })
        .toBe(ready);
      await expect
        .poll(() => summary.getByTestId("line-stitching").textContent())
        .toContain("Classic kaftan");
      await expect.poll(() => page.getByTestId("payment-online").getByRole("radio").isChecked()).toBe(true);
      await expectAccessible(page);
      await page.getByTestId("place-order").click();
      await page.waitForURL(/\/sandbox\/paymennt\/pay\//);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/39");
      await page.getByLabel("CVC").fill("123");
      await page.getByLabel("Name on card").fill("Noura Shopper");
      await page.getByRole("button", { name: /^Pay/ }).click();
      await page.waitForURL(/\/payment-redirect\?checkout=/);
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();

      await page.waitForURL(/\/account$/, { timeout: 10_000 });
      await page.getByTestId("order").first().getByTestId("order-open").click();
      const line = page.getByTestId("order-detail").getByTestId("order-line").first();
      await expect
        .poll(() => line.getByTestId("line-step-current").textContent(), { timeout: 15_000 })
        .toContain("Measured");
      await expect.poll(() => line.getByTestId("line-steps").textContent()).toContain("Classic kaftan");
      await expectAccessible(page);
      const orderUrl = page.url();

      // The same line on the Arabic order page.
      const arabic = await context.newPage();
      await arabic.goto(orderUrl.replace(store.baseUrl, `${store.baseUrl}/ar`));
      await waitForHydration(arabic);
      const arLine = arabic.getByTestId("order-line").first();
      await expect
        .poll(() => arLine.getByTestId("line-steps").textContent(), { timeout: 15_000 })
        .toContain("قفطان كلاسيكي");
      await expect
        .poll(() => arLine.getByTestId("line-step-current").textContent())
        .toContain("تم أخذ المقاسات");
      await expect.poll(() => arLine.getByTestId("stitch-again").textContent()).toBe("خيطي مرة أخرى");
      await expectAccessible(arabic);
      await arabic.close();

      // The workshop moves her line to ready; she follows it on her order page.
      const database = openDatabase(databaseUrl);
      const placed = await database.db
        .selectFrom("order_lines")
        .select("order_id")
        .where("product_id", "=", fabric.productId)
        .where("stitching", "is not", null)
        .executeTakeFirstOrThrow()
        .finally(() => database.close());
      const workshop = await newContext(browser, "phone", store.baseUrl);
      try {
        const admin = await workshop.newPage();
        await admin.goto("/admin/login");
        await admin.getByLabel("E-mail").fill(owner.email);
        await admin.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
        await admin.getByRole("button", { name: "Sign in" }).click();
        await admin.waitForURL(/\/admin$/);
        await admin.goto(`/admin/orders/${placed.order_id}`);
        await waitForHydration(admin);
        const work = admin.getByTestId("workshop-line");
        for (const next of ["Cutting", "Stitching", "Finishing", "Ready"]) {
          await work.getByRole("button", { name: `Move to ${next}` }).click();
          await expect.poll(() => work.getByTestId("workshop-step").textContent()).toContain(next);
        }
      } finally {
        await workshop.close();
      }
      await page.reload();
      await waitForHydration(page);
      await expect
        .poll(() => line.getByTestId("line-step-current").textContent(), { timeout: 15_000 })
        .toContain("Ready");

      await line.getByTestId("stitch-again").click();
      await page.waitForURL(/\/cart$/);
      await expect
        .poll(() => page.getByTestId("line-stitching").textContent(), { timeout: 15_000 })
        .toContain("Measurements: Mother");
      await expect.poll(() => page.getByTestId("line-name").textContent()).toBe("Ivory Lawn Fabric");
    } finally {
      await context.close();
    }
  });

  it("types measurements in the Arabic panel and is told a value's range", { timeout: 120_000 }, async () => {
    const context = await newContext(browser, "phone", store.baseUrl);
    try {
      const page = await context.newPage();
      await page.goto(`/ar/product/${fabric.slug}`);
      await waitForHydration(page);
      const button = page.getByTestId("stitch-it");
      await expect.poll(() => button.textContent()).toBe("خيطيه لي");
      // Escape closes the dialog and gives the focus back to the button.
      await button.click();
      const panel = page.getByTestId("stitch-panel");
      await panel.getByRole("radio", { name: /قفطان كلاسيكي/ }).waitFor();
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "detached" });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
        .toBe("stitch-it");
      await page.keyboard.press("Enter");
      await panel.getByRole("radio", { name: /قفطان كلاسيكي/ }).check();
      await panel.getByLabel("إنش", { exact: true }).check();
      const typed = {
        shoulder: "99",
        bust: "36",
        waist: "31",
        hips: "40",
        sleeveLength: "23",
        fullLength: "56",
      };
      for (const [key, value] of Object.entries(typed)) {
        await panel.locator(`[data-measurement="${key}"]`).fill(value);
      }
      await panel.getByTestId("stitch-add").click();
      const shoulder = panel.locator('[data-measurement="shoulder"]');
      await expect.poll(() => shoulder.getAttribute("aria-invalid")).toBe("true");
      await expect.poll(() => panel.textContent()).toContain("عرض الكتفين: بين 7.9 و25.5 إنش");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-measurement")))
        .toBe("shoulder");
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await expectAccessible(page);

      await shoulder.fill("15");
      await panel.getByTestId("stitch-add").click();
      await page.waitForURL(/\/ar\/cart$/);
      await expect
        .poll(() => page.getByTestId("line-stitching").textContent(), { timeout: 15_000 })
        .toContain("قفطان كلاسيكي");
    } finally {
      await context.close();
    }
  });
});
