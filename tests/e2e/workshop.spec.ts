import type { BrowserContext } from "@playwright/test";
import sharp from "sharp";
import { openDatabase } from "../../server/db/connection.ts";
import { addTestProduct, orderPayload } from "../../server/testing/checkout.ts";
import { makeLinesMadeToMeasure, testSnapshot } from "../../server/testing/made-to-measure.ts";
import {
  apiOf,
  contextOptions,
  createOwner,
  expect,
  type Owner,
  type RunningStore,
  registerShopper,
  type Shopper,
  storeOf,
  test,
} from "./fixtures.ts";
import { expectAccessible, openPage, waitForHydration } from "./harness.ts";

/**
 * Issue 29, part 2 (decision 0041): the owner adds a stitching style with a picture, moves a
 * made-to-measure line of an order through the workshop's steps to ready, prints its work order with
 * the measurements in both units, and the shopper's order page on a phone shows 'Ready' in English and
 * Arabic. The order is placed through the API and its line given a stitching snapshot as the cart's
 * placement writes it.
 */

test.use({ storeEnv: { NODE_ENV: "test", COD_ENABLED: "true" } });

let store: RunningStore;
let context: BrowserContext;
let owner: Owner;
let buyer: Shopper;
let order: { id: string; number: string };

test.beforeAll(async ({ browser, stores }, info) => {
  store = await storeOf(stores, info);
  owner = await createOwner(store);
  const stamp = Date.now();
  buyer = await registerShopper(
    store.baseUrl,
    { name: "Maryam Shopper", email: `maryam.${stamp}@example.com`, password: "shopper-pass-1" },
    info.workerIndex,
  );
  const database = openDatabase(store.databaseUrl);
  try {
    const fabric = await addTestProduct(database.db, {
      name: "Gulnaz Lawn 3-Piece",
      variants: [{ size: "3 m", retailFils: 22_000, stock: 10 }],
    });
    const placed = await apiOf(store.baseUrl).post(
      "/api/order/place",
      orderPayload([{ product: fabric, quantity: 1 }], { price: { payment_mode: "cod" } }),
      buyer.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const made = placed.body.order as { _id: string; orderNumber: string };
    await makeLinesMadeToMeasure(database.db, made._id, [0], () =>
      testSnapshot({ profileName: "Maryam", note: "Wide sleeves", readyBy: "2026-12-14" }),
    );
    order = { id: made._id, number: made.orderNumber };
  } finally {
    await database.close();
  }
  context = await browser.newContext({ ...contextOptions("phone"), baseURL: store.baseUrl });
});

test.afterAll(async () => {
  await context?.close();
});

test.describe("the workshop, from a style to a ready line", () => {
  // The shopper's page shows the line the owner's journey moved to ready.
  test.describe.configure({ mode: "serial" });

  test("the owner adds a style with a picture, moves the line to ready and prints the work order", async () => {
    test.setTimeout(180_000);
    await owner.signIn(context);
    const page = await openPage(context, "/admin");
    await page.getByTestId("dashboard-figures").waitFor();
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
    await form.getByLabel("Picture").setInputFiles({
      name: "style.png",
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 240, height: 300, channels: 3, background: "#5a2e4a" } })
        .png()
        .toBuffer(),
    });
    await form.getByRole("button", { name: "Add the style" }).click();
    await expect(page.getByTestId("admin-notice")).toHaveText("Umbrella abaya saved.");
    const row = page.getByTestId("stitching-style-row").filter({ hasText: "Umbrella abaya" });
    await expect(row).toHaveText(/AED\s275 · 8 business days · Lawn/);
    await expect(row.locator("img")).toHaveAttribute("src", /^\/media\/stitching\/upload-/);
    await expectAccessible(page);

    await page.goto(`/admin/orders/${order.id}`);
    await waitForHydration(page);
    const line = page.getByTestId("workshop-line");
    await expect(line.getByTestId("workshop-step")).toContainText("Measured");
    await expectAccessible(page);
    for (const [next, shown] of [
      ["Cutting", "Cutting"],
      ["Stitching", "Stitching"],
      ["Finishing", "Finishing"],
      ["Ready", "Ready"],
    ] as const) {
      await line.getByRole("button", { name: `Move to ${next}` }).click();
      await expect(line.getByTestId("workshop-step")).toContainText(shown);
    }
    await expect(page.getByTestId("admin-notice")).toContainText(
      "Every made-to-measure line is ready: the shopper is e-mailed.",
    );
    await expect(page.getByTestId("order-events")).toContainText(
      "Workshop: Gulnaz Lawn 3-Piece · Classic A-line abaya: Finishing → Ready",
    );

    await page.getByRole("link", { name: "Work order" }).click();
    const sheet = page.getByTestId("work-order");
    await sheet.waitFor();
    await expect(sheet.getByRole("heading", { level: 1 })).toHaveText(`Work order ${order.number}`);
    await expect(sheet).toContainText("Bust92.536.4");
    await expect(sheet).toContainText("Full length14255.9");
    await expect(sheet).toContainText("Wide sleeves");
    await expect(sheet.getByTestId("work-order-ready-by")).toHaveText("14 December 2026");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Arabic copy" }).click();
    await expect(sheet).toHaveAttribute("dir", "rtl");
    await expect(sheet).toContainText("محيط الصدر92.536.4");
    await expect(sheet).toContainText("عباية كلاسيكية بقصة A");
    await expectAccessible(page);
  });

  test("the shopper's order page on a phone shows the line ready, in English and Arabic", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const shopper = await buyer.context(browser, "phone");
    try {
      const page = await shopper.newPage();
      for (const [prefix, ready, style] of [
        ["", "Ready", "Classic A-line abaya"],
        ["/ar", "جاهز", "عباية كلاسيكية بقصة A"],
      ] as const) {
        await page.goto(`${prefix}/account?tab=orders&order=${order.id}`);
        await waitForHydration(page);
        const steps = page.getByTestId("line-steps");
        await steps.waitFor({ timeout: 15_000 });
        await expect(steps.getByTestId("line-step-current")).toContainText(ready);
        await expect(steps).toContainText(style);
        await expectAccessible(page);
      }
    } finally {
      await shopper.close();
    }
  });
});
