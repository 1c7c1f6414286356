import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/connection.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "../../server/testing/admin.ts";
import { addTestProduct, orderPayload, type TestProduct } from "../../server/testing/checkout.ts";
import {
  expectAccessible,
  launchBrowser,
  type RunningStore,
  startStore,
  waitForHydration,
} from "./harness.ts";
import { registerVerified } from "./shopper.ts";

/**
 * Issue 24, part B (decision 0032): a shopper asks in My Account to exchange a size on a delivered order,
 * the owner approves it, marks the items received and ships the new size from the order screen, and the
 * shopper's order page and the back office's order screen show the same timeline. Set-up: a product with
 * two sizes at one price, a cash-on-delivery order, delivered through the admin API.
 */

let store: RunningStore;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), "store-e2e-returns-"));
const databaseUrl = `file:${join(dataDir, "store.db")}`;
let owner: { email: string; name: string };
let product: TestProduct;

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
    product = await addTestProduct(database.db, {
      name: "Dune Linen Abaya",
      variants: [
        { size: "M/54", retailFils: 42_000, stock: 6 },
        { size: "L/56", retailFils: 42_000, stock: 4 },
      ],
    });
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> },
) {
  const res = await fetch(`${store.baseUrl}${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** A verified shopper's cash-on-delivery order of one M/54, delivered through the admin API. */
async function deliveredOrder() {
  const stamp = Date.now();
  const shopper = {
    name: "Hessa Shopper",
    email: `hessa.${stamp}@example.com`,
    phone: `054${String(stamp % 10_000_000).padStart(7, "0")}`,
    password: "shopper-pass-1",
  };
  await registerVerified(store.baseUrl, shopper);
  const login = await call("/api/user/login", {
    body: { identifier: shopper.email, password: shopper.password },
  });
  const token = String(login.body.token);
  const placed = await call("/api/order/place", {
    headers: { token },
    body: orderPayload([{ product, size: "M/54", quantity: 1 }], { price: { payment_mode: "cod" } }),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = placed.body.order as { _id: string; orderNumber: string };

  const admin = await fetch(`${store.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: owner.email, password: ADMIN_TEST_PASSWORD }),
  });
  expect(admin.status).toBe(200);
  const cookie = String(admin.headers.get("set-cookie")).split(";")[0] ?? "";
  const { csrfToken } = (await admin.json()) as { csrfToken: string };
  const delivered = await call(`/api/admin/orders/${order._id}/status`, {
    headers: { cookie, "x-csrf-token": csrfToken },
    body: { status: "Delivered" },
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  return { id: order._id, number: order.orderNumber, token };
}

const timelineOf = (page: Page) =>
  page
    .getByTestId("order-timeline")
    .getByTestId("timeline-event")
    .evaluateAll((items) => items.map((i) => i.getAttribute("data-event")));

describe("returns and exchanges", () => {
  it("a shopper asks to exchange a size, the owner approves and ships it, and both screens show the same timeline", {
    timeout: 240_000,
  }, async () => {
    const order = await deliveredOrder();
    const context = await browser.newContext({
      baseURL: store.baseUrl,
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    try {
      // The shopper's order page: the timeline so far and the exchange form.
      const account = await context.newPage();
      await account.addInitScript((token) => localStorage.setItem("store.token", token), order.token);
      await account.goto(`/account?tab=orders&order=${order.id}`);
      await waitForHydration(account);
      const form = account.getByTestId("return-form");
      await form.waitFor({ timeout: 15_000 });
      await expect.poll(() => timelineOf(account)).toEqual(["placed", "status:Delivered"]);
      await expectAccessible(account);
      await form.getByLabel("Exchange for another size").check();
      await form.getByLabel("Reason").selectOption("wrong_size");
      await form.getByLabel("How many of Dune Linen Abaya (M/54)").selectOption("1");
      await form.getByLabel("New size for Dune Linen Abaya").selectOption({ label: "L/56" });
      await form.getByLabel(/Anything we should know/).fill("A size up, please.");
      await form.getByRole("button", { name: "Send request" }).click();
      await expect
        .poll(() => account.getByTestId("return-sent").textContent())
        .toContain(`We received your request ${order.number}-R1`);
      await expect
        .poll(() => account.getByTestId("return-request").getByTestId("return-status").textContent())
        .toBe("Requested");
      await expect
        .poll(() => timelineOf(account))
        .toEqual(["placed", "status:Delivered", "return:requested"]);
      await expectAccessible(account);

      // The owner: the Returns list, then the order screen, step by step.
      const page = await context.newPage();
      await page.goto("/admin");
      await page.waitForURL(/\/admin\/login/);
      await waitForHydration(page);
      await page.getByLabel("E-mail").fill(owner.email);
      await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/admin$/);
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Returns" })
        .click();
      await page.getByRole("heading", { level: 1, name: "Returns and exchanges" }).waitFor();
      await expectAccessible(page);
      await page.getByRole("link", { name: `Exchange ${order.number}-R1` }).click();
      await page.getByRole("heading", { level: 1, name: `Order ${order.number}` }).waitFor();
      const request = page.getByTestId("order-return-requests").getByTestId("return-request");
      await request.waitFor();
      await expectAccessible(page);

      await request.getByLabel("Message to the customer (optional)").fill("Send it back with its tags.");
      await request.getByRole("button", { name: "Approve and reserve the size" }).click();
      await expect.poll(() => request.getAttribute("data-status")).toBe("approved");
      await request.getByRole("button", { name: "Mark items received" }).click();
      await expect.poll(() => request.getAttribute("data-status")).toBe("received");
      await request.getByLabel("Courier").selectOption("Aramex");
      await request.getByLabel("Tracking number").fill("AWB-EXCH-4455");
      await request.getByRole("button", { name: "Ship the new size" }).click();
      await expect.poll(() => request.getAttribute("data-status")).toBe("shipped");
      const expected = [
        "placed",
        "status:Delivered",
        "return:requested",
        "return:approved",
        "return:received",
        "return:shipped",
      ];
      await expect.poll(() => timelineOf(page)).toEqual(expected);
      await expect.poll(() => page.getByTestId("order-timeline").textContent()).toContain("AWB-EXCH-4455");
      await expectAccessible(page);

      // The shopper's page, read again: the same timeline, the request shipped with its tracking number.
      await account.reload();
      await waitForHydration(account);
      await account.getByTestId("order-timeline").waitFor({ timeout: 15_000 });
      await expect.poll(() => timelineOf(account)).toEqual(expected);
      await expect.poll(() => account.getByTestId("order-timeline").textContent()).toContain("AWB-EXCH-4455");
      await expect
        .poll(() => account.getByTestId("return-request").getByTestId("return-status").textContent())
        .toBe("New size sent");
      await expectAccessible(account);
    } finally {
      await context.close();
    }
  });
});
