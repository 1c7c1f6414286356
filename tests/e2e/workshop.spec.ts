import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/connection.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "../../server/testing/admin.ts";
import { addTestProduct, orderPayload } from "../../server/testing/checkout.ts";
import { makeLinesMadeToMeasure, testSnapshot } from "../../server/testing/made-to-measure.ts";
import {
  expectAccessible,
  launchBrowser,
  newContext,
  openPage,
  type RunningStore,
  startStore,
  waitForHydration,
} from "./harness.ts";
import { registerVerified } from "./shopper.ts";

/**
 * Issue 29, part 2 (decision 0041): the owner adds a stitching style with a picture, moves a
 * made-to-measure line of an order through the workshop's steps to ready, prints its work order with
 * the measurements in both units, and the shopper's order page on a phone shows 'Ready' in English and
 * Arabic. The order is placed through the API and its line given a stitching snapshot as the cart's
 * placement writes it.
 */

let store: RunningStore;
let browser: Browser;
let context: BrowserContext;
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-workshop-"));
const databaseUrl = `file:${join(dataDir, "store.db")}`;
let owner: { email: string; name: string };
let order: { id: string; number: string; token: string };
const picture = join(dataDir, "style.png");

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${store.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

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
  await sharp({ create: { width: 240, height: 300, channels: 3, background: "#5a2e4a" } })
    .png()
    .toFile(picture);
  const database = openDatabase(databaseUrl);
  try {
    owner = await createRoleUser(database.db, "owner");
    const fabric = await addTestProduct(database.db, {
      name: "Gulnaz Lawn 3-Piece",
      variants: [{ size: "3 m", retailFils: 22_000, stock: 10 }],
    });
    const stamp = Date.now();
    const shopper = {
      name: "Maryam Shopper",
      email: `maryam.${stamp}@example.com`,
      phone: `055${String(stamp % 10_000_000).padStart(7, "0")}`,
      password: "shopper-pass-1",
    };
    await registerVerified(store.baseUrl, shopper);
    const login = await call("/api/user/login", { identifier: shopper.email, password: shopper.password });
    const token = String(login.body.token);
    const placed = await call(
      "/api/order/place",
      orderPayload([{ product: fabric, quantity: 1 }], { price: { payment_mode: "cod" } }),
      { token },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const made = placed.body.order as { _id: string; orderNumber: string };
    await makeLinesMadeToMeasure(database.db, made._id, [0], () =>
      testSnapshot({ profileName: "Maryam", note: "Wide sleeves", readyBy: "2026-12-14" }),
    );
    order = { id: made._id, number: made.orderNumber, token };
  } finally {
    await database.close();
  }
  context = await newContext(browser, "phone", store.baseUrl);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the workshop, from a style to a ready line", () => {
  it("the owner adds a style with a picture, moves the line to ready and prints the work order", {
    timeout: 180_000,
  }, async () => {
    const page = await openPage(context, "/admin/login");
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Stitching styles" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Stitching styles" }).waitFor();
    await waitForHydration(page);
    const form = page.getByTestId("stitching-style-form");
    await form.getByLabel("Name", { exact: true }).fill("Umbrella abaya");
    await form.getByLabel("Name (Arabic)").fill("عباية مظلة");
    await form.getByLabel("Stitching price (AED)").fill("275");
    await form.getByLabel("Lead time (UAE business days)").fill("8");
    await form.getByLabel("Lawn").check();
    await form.getByLabel("Picture").setInputFiles(picture);
    await form.getByRole("button", { name: "Add the style" }).click();
    await expect.poll(() => page.getByTestId("admin-notice").textContent()).toBe("Umbrella abaya saved.");
    const row = page.getByTestId("stitching-style-row").filter({ hasText: "Umbrella abaya" });
    await expect.poll(() => row.textContent()).toMatch(/AED\s275 · 8 business days · Lawn/);
    await expect.poll(() => row.locator("img").getAttribute("src")).toMatch(/^\/media\/stitching\/upload-/);
    await expectAccessible(page);

    await page.goto(`/admin/orders/${order.id}`);
    await waitForHydration(page);
    const line = page.getByTestId("workshop-line");
    await expect.poll(() => line.getByTestId("workshop-step").textContent()).toContain("Measured");
    await expectAccessible(page);
    for (const [next, shown] of [
      ["Cutting", "Cutting"],
      ["Stitching", "Stitching"],
      ["Finishing", "Finishing"],
      ["Ready", "Ready"],
    ] as const) {
      await line.getByRole("button", { name: `Move to ${next}` }).click();
      await expect.poll(() => line.getByTestId("workshop-step").textContent()).toContain(shown);
    }
    await expect
      .poll(() => page.getByTestId("admin-notice").textContent())
      .toContain("Every made-to-measure line is ready: the shopper is e-mailed.");
    await expect
      .poll(() => page.getByTestId("order-events").textContent())
      .toContain("Workshop: Gulnaz Lawn 3-Piece · Classic A-line abaya: Finishing → Ready");

    await page.getByRole("link", { name: "Work order" }).click();
    const sheet = page.getByTestId("work-order");
    await sheet.waitFor();
    await expect
      .poll(() => sheet.getByRole("heading", { level: 1 }).textContent())
      .toBe(`Work order ${order.number}`);
    const text = async () => ((await sheet.textContent()) ?? "").replace(/\s+/g, " ");
    await expect.poll(text).toContain("Bust92.536.4");
    await expect.poll(text).toContain("Full length14255.9");
    await expect.poll(text).toContain("Wide sleeves");
    await expect.poll(() => sheet.getByTestId("work-order-ready-by").textContent()).toBe("14 December 2026");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Arabic copy" }).click();
    await expect.poll(() => sheet.getAttribute("dir")).toBe("rtl");
    await expect.poll(text).toContain("محيط الصدر92.536.4");
    await expect.poll(text).toContain("عباية كلاسيكية بقصة A");
    await expectAccessible(page);
  });

  it("the shopper's order page on a phone shows the line ready, in English and Arabic", {
    timeout: 120_000,
  }, async () => {
    const shopper = await newContext(browser, "phone", store.baseUrl);
    try {
      const page = await shopper.newPage();
      await page.addInitScript((token) => localStorage.setItem("store.token", token), order.token);
      for (const [prefix, ready, style] of [
        ["", "Ready", "Classic A-line abaya"],
        ["/ar", "جاهز", "عباية كلاسيكية بقصة A"],
      ] as const) {
        await page.goto(`${prefix}/account?tab=orders&order=${order.id}`);
        await waitForHydration(page);
        const steps = page.getByTestId("line-steps");
        await steps.waitFor({ timeout: 15_000 });
        await expect.poll(() => steps.getByTestId("line-step-current").textContent()).toContain(ready);
        await expect.poll(() => steps.textContent()).toContain(style);
        await expectAccessible(page);
      }
    } finally {
      await shopper.close();
    }
  });
});
