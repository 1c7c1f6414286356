import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/connection.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "../../server/testing/admin.ts";
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
 * Made to measure, part 1 (issue 29; decision 0040), at phone size in English and Arabic: a shopper opens
 * the measuring guide from her profile form, saves a profile typed in inches and reads it in centimetres;
 * the owner records a home visit's measurements on a request she sent signed in, and the profile and the
 * request appear in her account.
 */

let store: RunningStore;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-measurements-"));
const databaseUrl = `file:${join(dataDir, "store.db")}`;
let owner: { email: string };
let counter = 0;

beforeAll(async () => {
  [store, browser] = await Promise.all([
    startStore({ NODE_ENV: "test", PASSWORD_HASH_COST: "10", DATABASE_URL: databaseUrl }),
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

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${store.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** A verified shopper, signed in: her token. */
async function shopper(): Promise<string> {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  const account = {
    name: "Maryam Tailor",
    email: `maryam.${stamp}@example.com`,
    phone: `055${stamp.slice(-7)}`,
    password: "shopper-pass-1",
  };
  await registerVerified(store.baseUrl, account);
  return String(
    (await post("/api/user/login", { identifier: account.email, password: account.password })).token,
  );
}

async function signedIn(token: string): Promise<BrowserContext> {
  const context = await newContext(browser, "phone", store.baseUrl);
  await context.addInitScript((value) => localStorage.setItem("store.token", value), token);
  return context;
}

const cards = (page: Page) => page.getByTestId("profile-card");

describe.each([
  { locale: "en", prefix: "", guide: "How to measure yourself", bust: "Bust" },
  { locale: "ar", prefix: "/ar", guide: "كيف تأخذين مقاساتك", bust: "محيط الصدر" },
])("measurement profiles ($locale)", ({ prefix, guide, bust }) => {
  it("a shopper opens the guide, saves a profile in inches and reads it in centimetres", {
    timeout: 180_000,
  }, async () => {
    const context = await signedIn(await shopper());
    try {
      const page = await context.newPage();
      await page.goto(`${prefix}/account?tab=measurements`);
      await waitForHydration(page);
      await page.getByTestId("add-profile").click();
      const form = page.getByTestId("measurement-form");
      await form.waitFor();
      // The guide opens over the form: the drawing and one line per measurement.
      await form.getByTestId("guide-link").click();
      const dialog = page.getByTestId("guide-dialog");
      await expect.poll(() => dialog.getByRole("heading", { name: guide }).count()).toBe(1);
      await expect.poll(() => dialog.getByRole("img").count()).toBe(1);
      await expect.poll(() => dialog.getByRole("listitem").count()).toBe(14);
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);

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

      await expect.poll(() => cards(page).count()).toBe(1);
      const card = cards(page).first();
      await expect
        .poll(() => card.locator('[data-measurement="bust"]').textContent())
        .toMatch(/^36 (in|إنش)$/);
      await page.getByTestId("show-cm").click();
      await expect
        .poll(() => card.locator('[data-measurement="bust"]').textContent())
        .toMatch(/^91\.4 (cm|سم)$/);
      await expect.poll(() => card.locator('[data-measurement="hips"]').textContent()).toMatch(/^100\.3 /);
      await expect.poll(() => card.getByText(bust).count()).toBe(1);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

describe("a home visit fills her profile", () => {
  it("the owner records the measurements of a request she sent signed in; her account shows them", {
    timeout: 180_000,
  }, async () => {
    const token = await shopper();
    const sent = await post(
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
      { token },
    );
    const reference = String(sent.reference);
    const database = openDatabase(databaseUrl);
    const { id } = await database.db
      .selectFrom("stitching_requests")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    await database.close();

    const ownerContext = await newContext(browser, "phone", store.baseUrl);
    const shopperContext = await signedIn(token);
    try {
      const admin = await ownerContext.newPage();
      await admin.goto("/admin/login");
      await waitForHydration(admin);
      await admin.getByLabel("E-mail").fill(owner.email);
      await admin.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
      await admin.getByRole("button", { name: "Sign in" }).click();
      await admin.waitForURL(/\/admin$/);
      await admin.goto(`/admin/inbox/stitching/${id}`);
      const visit = admin.getByTestId("home-visit-form");
      await visit.waitFor({ timeout: 15_000 });
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
      await expect
        .poll(() => admin.getByTestId("admin-notice").textContent())
        .toBe("Measurements saved, and in the shopper's account as a profile.");
      await expectAccessible(admin);

      const page = await shopperContext.newPage();
      await page.goto("/ar/account?tab=measurements");
      await waitForHydration(page);
      await expect.poll(() => cards(page).count()).toBe(1);
      await expect
        .poll(() => cards(page).first().textContent())
        .toContain(`أُخذت في الزيارة المنزلية ${reference}`);
      await expect
        .poll(() => cards(page).first().locator('[data-measurement="bust"]').textContent())
        .toBe("92.5 سم");
      await expectAccessible(page);

      await page.goto("/account?tab=requests");
      await waitForHydration(page);
      const row = page.getByTestId("request-row");
      await expect.poll(() => row.count()).toBe(1);
      await expect.poll(() => row.textContent()).toContain(reference);
      await expect
        .poll(() => row.getByTestId("request-status").textContent())
        .toBe("Received: we will call you within 24 hours");
      await expect.poll(() => row.textContent()).toContain("Measurements taken at the visit");
      await expectAccessible(page);
    } finally {
      await ownerContext.close();
      await shopperContext.close();
    }
  });
});
