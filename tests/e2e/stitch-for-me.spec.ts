import { readyDate } from "../../core/business-days.ts";
import { openDatabase } from "../../server/db/connection.ts";
import { newId } from "../../server/ids.ts";
import { ADDRESS, addTestProduct, type TestProduct } from "../../server/testing/checkout.ts";
import {
  apiOf,
  contextOptions,
  expect,
  type RunningStore,
  registerShopper,
  storeOf,
  test,
} from "./fixtures.ts";
import { expectAccessible, waitForHydration } from "./harness.ts";
import { CartPage, ProductPage, SandboxCardPage } from "./pages/index.ts";

/**
 * 'Stitch it for me' (issue 29; decision 0042) at phone size: a signed-in shopper with a measurement
 * profile opens the product page's panel, picks a style and her profile and adds the stitched fabric,
 * sees the style and the ready date in the cart and at checkout, pays with the sandbox card, finds the
 * line 'measured' on her order page (in English and Arabic), follows it to 'ready' once the workshop
 * moves it there, and taps 'Stitch again'. In Arabic, a guest
 * types her measurements in the panel and sees a range message before the line is added.
 */

test.use({ storeEnv: { NODE_ENV: "test" } });

let store: RunningStore;
let fabric: TestProduct;
const styleId = newId();

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  const database = openDatabase(store.databaseUrl);
  try {
    const db = database.db;
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
});

/** A verified shopper with a saved address and a measurement profile ("Mother"). */
async function shopperWithProfile(workerIndex: number) {
  const shopper = await registerShopper(store.baseUrl, { name: "Noura Shopper" }, workerIndex);
  const saved = await apiOf(store.baseUrl).post("/api/address/save", { address: ADDRESS }, shopper.token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const database = openDatabase(store.databaseUrl);
  const profileId = newId();
  try {
    const user = await database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", shopper.email!)
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
  return shopper;
}

test.describe("stitch it for me", () => {
  test("orders a stitched fabric, pays by card, follows it from 'measured' to 'ready' and stitches it again", async ({
    browser,
    owner,
  }, info) => {
    test.setTimeout(240_000);
    const shopper = await shopperWithProfile(info.workerIndex);
    const ready = readyDate([5])!;
    const context = await shopper.context(browser, "phone");
    try {
      const page = await context.newPage();
      await new ProductPage(page).open(fabric.slug);
      await page.getByTestId("stitch-it").click();
      const panel = page.getByTestId("stitch-panel");
      await panel.getByRole("radio", { name: /Classic kaftan/ }).check();
      await panel.getByRole("radio", { name: "Mother" }).check();
      await expect(panel.getByTestId("stitch-ready")).toHaveAttribute("data-date", ready);
      // Fabric 200 + stitching 150.
      await expect(panel.getByTestId("stitch-total")).toHaveText(/350/);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await expectAccessible(page);
      await panel.getByTestId("stitch-add").click();
      await expect(page).toHaveURL(/\/cart$/);
      const note = page.getByTestId("line-stitching");
      await expect(note).toContainText("+ stitching: Classic kaftan", { timeout: 15_000 });
      await expect(note).toContainText("Measurements: Mother");
      await expect(page.getByTestId("ready-by")).toHaveAttribute("data-date", ready);
      // Fabric 200 + stitching 150, priced by the server.
      await expect(page.getByTestId("cart-total")).toHaveText(/350/);
      await expectAccessible(page);

      await new CartPage(page).checkout();
      await waitForHydration(page);
      const summary = page.getByTestId("order-summary");
      await expect(summary.getByTestId("ready-by")).toHaveAttribute("data-date", ready, { timeout: 15_000 });
      await expect(summary.getByTestId("line-stitching")).toContainText("Classic kaftan");
      await expect(page.getByTestId("payment-online").getByRole("radio")).toBeChecked();
      await expectAccessible(page);
      await page.getByTestId("place-order").click();
      await new SandboxCardPage(page).pay("4242 4242 4242 4242", "Noura Shopper");
      await expect(page).toHaveURL(/\/payment-redirect\?checkout=/);
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

      await expect(page).toHaveURL(/\/account$/);
      await page.getByTestId("order").first().getByTestId("order-open").click();
      const line = page.getByTestId("order-detail").getByTestId("order-line").first();
      await expect(line.getByTestId("line-step-current")).toContainText("Measured", { timeout: 15_000 });
      await expect(line.getByTestId("line-steps")).toContainText("Classic kaftan");
      await expectAccessible(page);
      const orderUrl = page.url();

      // The same line on the Arabic order page.
      const arabic = await context.newPage();
      await arabic.goto(orderUrl.replace(store.baseUrl, `${store.baseUrl}/ar`));
      await waitForHydration(arabic);
      const arLine = arabic.getByTestId("order-line").first();
      await expect(arLine.getByTestId("line-steps")).toContainText("قفطان كلاسيكي", { timeout: 15_000 });
      await expect(arLine.getByTestId("line-step-current")).toContainText("تم أخذ المقاسات");
      await expect(arLine.getByTestId("stitch-again")).toHaveText("خيطي مرة أخرى");
      await expectAccessible(arabic);
      await arabic.close();

      // The workshop moves her line to ready; she follows it on her order page.
      const database = openDatabase(store.databaseUrl);
      const placed = await database.db
        .selectFrom("order_lines")
        .select("order_id")
        .where("product_id", "=", fabric.productId)
        .where("stitching", "is not", null)
        .executeTakeFirstOrThrow()
        .finally(() => database.close());
      const workshop = await browser.newContext({ ...contextOptions("phone"), baseURL: store.baseUrl });
      try {
        await owner.signIn(workshop);
        const admin = await workshop.newPage();
        await admin.goto(`/admin/orders/${placed.order_id}`);
        await waitForHydration(admin);
        const work = admin.getByTestId("workshop-line");
        for (const next of ["Cutting", "Stitching", "Finishing", "Ready"]) {
          await work.getByRole("button", { name: `Move to ${next}` }).click();
          await expect(work.getByTestId("workshop-step")).toContainText(next);
        }
      } finally {
        await workshop.close();
      }
      await page.reload();
      await waitForHydration(page);
      await expect(line.getByTestId("line-step-current")).toContainText("Ready", { timeout: 15_000 });

      await line.getByTestId("stitch-again").click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId("line-stitching")).toContainText("Measurements: Mother", {
        timeout: 15_000,
      });
      await expect(page.getByTestId("line-name")).toHaveText("Ivory Lawn Fabric");
    } finally {
      await context.close();
    }
  });

  test("types measurements in the Arabic panel and is told a value's range", async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ ...contextOptions("phone"), baseURL: store.baseUrl });
    try {
      const page = await context.newPage();
      await page.goto(`/ar/product/${fabric.slug}`);
      await waitForHydration(page);
      const button = page.getByTestId("stitch-it");
      await expect(button).toHaveText("خيطيه لي");
      // Escape closes the dialog and gives the focus back to the button.
      await button.click();
      const panel = page.getByTestId("stitch-panel");
      await expect(panel.getByRole("radio", { name: /قفطان كلاسيكي/ })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(panel).toHaveCount(0);
      await expect(page.locator(":focus")).toHaveAttribute("data-testid", "stitch-it");
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
      await expect(shoulder).toHaveAttribute("aria-invalid", "true");
      await expect(panel).toContainText("عرض الكتفين: بين 7.9 و25.5 إنش");
      await expect(page.locator(":focus")).toHaveAttribute("data-measurement", "shoulder");
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await expectAccessible(page);

      await shoulder.fill("15");
      await panel.getByTestId("stitch-add").click();
      await expect(page).toHaveURL(/\/ar\/cart$/);
      await expect(page.getByTestId("line-stitching")).toContainText("قفطان كلاسيكي", { timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
