import type { Page } from "@playwright/test";
import { openDatabase } from "../../server/db/connection.ts";
import { contextOptions, expect, registerShopper, test } from "./fixtures.ts";
import { expectAccessible, waitForHydration } from "./harness.ts";

/**
 * Made to measure, part 1 (issue 29; decision 0040), at phone size in English and Arabic: a shopper opens
 * the measuring guide from her profile form, saves a profile typed in inches and reads it in centimetres;
 * the owner records a home visit's measurements on a request she sent signed in, and the profile and the
 * request appear in her account.
 */

test.use({ storeEnv: { NODE_ENV: "test" } });

const cards = (page: Page) => page.getByTestId("profile-card");

for (const { locale, prefix, guide, bust } of [
  { locale: "en", prefix: "", guide: "How to measure yourself", bust: "Bust" },
  { locale: "ar", prefix: "/ar", guide: "كيف تأخذين مقاساتك", bust: "محيط الصدر" },
]) {
  test.describe(`measurement profiles (${locale})`, () => {
    test("a shopper opens the guide, saves a profile in inches and reads it in centimetres", async ({
      browser,
      store,
    }, info) => {
      test.setTimeout(180_000);
      const shopper = await registerShopper(store.baseUrl, { name: "Maryam Tailor" }, info.workerIndex);
      const context = await shopper.context(browser, "phone");
      try {
        const page = await context.newPage();
        await page.goto(`${prefix}/account?tab=measurements`);
        await waitForHydration(page);
        await page.getByTestId("add-profile").click();
        const form = page.getByTestId("measurement-form");
        await expect(form).toBeVisible();
        // The guide opens over the form: the drawing and one line per measurement.
        await form.getByTestId("guide-link").click();
        const dialog = page.getByTestId("guide-dialog");
        await expect(dialog.getByRole("heading", { name: guide })).toHaveCount(1);
        await expect(dialog.getByRole("img")).toHaveCount(1);
        await expect(dialog.getByRole("listitem")).toHaveCount(14);
        await expectAccessible(page);
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);

        await form.locator('[name="name"]').fill("Me");
        await form.locator('[name="unit"]').selectOption("in");
        const typed = {
          bust: "36",
          waist: "29",
          hips: "39.5",
          shoulder: "15",
          sleeveLength: "23",
          fullLength: "55",
        };
        for (const [key, value] of Object.entries(typed)) await form.locator(`[name="m.${key}"]`).fill(value);
        await expectAccessible(page);
        await form.locator('button[value="measurement-save"]').click();

        await expect(cards(page)).toHaveCount(1);
        const card = cards(page).first();
        await expect(card.locator('[data-measurement="bust"]')).toHaveText(/^36 (in|إنش)$/);
        await page.getByTestId("show-cm").click();
        await expect(card.locator('[data-measurement="bust"]')).toHaveText(/^91\.4 (cm|سم)$/);
        await expect(card.locator('[data-measurement="hips"]')).toHaveText(/^100\.3 /);
        await expect(card.getByText(bust)).toHaveCount(1);
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });
  });
}

test.describe("a home visit fills her profile", () => {
  test("the owner records the measurements of a request she sent signed in; her account shows them", async ({
    browser,
    store,
    api,
    owner,
  }, info) => {
    test.setTimeout(180_000);
    const shopper = await registerShopper(store.baseUrl, { name: "Maryam Tailor" }, info.workerIndex);
    const sent = await api.post(
      "/api/stitching/request",
      {
        name: "Maryam Tailor",
        phoneNumber: "050 765 4321",
        addressType: "Home",
        fullAddress: "Villa 7, Street 12, Al Barsha 2",
        city: "Dubai",
        pinCode: "123456",
        serviceType: "Graceful Abayas",
        itemCount: "2",
      },
      shopper.token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const reference = String(sent.body.reference);
    const database = openDatabase(store.databaseUrl);
    const { id } = await database.db
      .selectFrom("stitching_requests")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow()
      .finally(() => database.close());

    const ownerContext = await browser.newContext({ ...contextOptions("phone"), baseURL: store.baseUrl });
    const shopperContext = await shopper.context(browser, "phone");
    try {
      await owner.signIn(ownerContext);
      const admin = await ownerContext.newPage();
      await admin.goto(`/admin/inbox/stitching/${id}`);
      const visit = admin.getByTestId("home-visit-form");
      await expect(visit).toBeVisible({ timeout: 15_000 });
      const values = {
        bust: "92.5",
        waist: "74",
        hips: "100",
        shoulder: "38",
        sleeveLength: "58",
        fullLength: "140",
      };
      for (const [key, value] of Object.entries(values)) await visit.locator(`#visit-${key}`).fill(value);
      await visit.getByRole("button", { name: "Save measurements" }).click();
      await expect(admin.getByTestId("admin-notice")).toHaveText(
        "Measurements saved, and in the shopper's account as a profile.",
      );
      await expectAccessible(admin);

      const page = await shopperContext.newPage();
      await page.goto("/ar/account?tab=measurements");
      await waitForHydration(page);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText(`أُخذت في الزيارة المنزلية ${reference}`);
      await expect(cards(page).first().locator('[data-measurement="bust"]')).toHaveText("92.5 سم");
      await expectAccessible(page);

      await page.goto("/account?tab=requests");
      await waitForHydration(page);
      const row = page.getByTestId("request-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(reference);
      await expect(row.getByTestId("request-status")).toHaveText(
        "Received: we will call you within 24 hours",
      );
      await expect(row).toContainText("Measurements taken at the visit");
      await expectAccessible(page);
    } finally {
      await ownerContext.close();
      await shopperContext.close();
    }
  });
});
