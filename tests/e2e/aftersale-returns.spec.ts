import type { Page } from "@playwright/test";
import { openDatabase } from "../../server/db/connection.ts";
import { addTestProduct, orderPayload, type TestProduct } from "../../server/testing/checkout.ts";
import {
  apiOf,
  createOwner,
  expect,
  type Owner,
  type RunningStore,
  registerShopper,
  storeOf,
  test,
} from "./fixtures.ts";
import { expectAccessible, waitForHydration } from "./harness.ts";

/**
 * Issue 24, part B (decision 0032): a shopper asks in My Account to exchange a size on a delivered order,
 * the owner approves it, marks the items received and ships the new size from the order screen, and the
 * shopper's order page and the back office's order screen show the same timeline. Set-up: a product with
 * two sizes at one price, a cash-on-delivery order, delivered through the admin API.
 */

test.use({ storeEnv: { NODE_ENV: "test", COD_ENABLED: "true" } });

let store: RunningStore;
let owner: Owner;
let product: TestProduct;

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  owner = await createOwner(store);
  const database = openDatabase(store.databaseUrl);
  try {
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
});

/** A verified shopper's cash-on-delivery order of one M/54, delivered through the admin API. */
async function deliveredOrder() {
  const { token } = await registerShopper(
    store.baseUrl,
    { name: "Hessa Shopper", password: "shopper-pass-1" },
    test.info().workerIndex,
  );
  const placed = await apiOf(store.baseUrl).post(
    "/api/order/place",
    orderPayload([{ product, size: "M/54", quantity: 1 }], { price: { payment_mode: "cod" } }),
    token,
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = placed.body.order as { _id: string; orderNumber: string };

  // The owner's back-office API, as its screens call it: the session cookie and its CSRF token.
  const admin = await fetch(`${store.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  expect(admin.status).toBe(200);
  const cookie = String(admin.headers.get("set-cookie")).split(";")[0] ?? "";
  const { csrfToken } = (await admin.json()) as { csrfToken: string };
  const res = await fetch(`${store.baseUrl}/api/admin/orders/${order._id}/status`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, "x-csrf-token": csrfToken },
    body: JSON.stringify({ status: "Delivered" }),
  });
  const delivered = { status: res.status, body: await res.text() };
  expect(delivered.status, delivered.body).toBe(200);
  return { id: order._id, number: order.orderNumber, token };
}

const timelineOf = (page: Page) =>
  page
    .getByTestId("order-timeline")
    .getByTestId("timeline-event")
    .evaluateAll((items) => items.map((i) => i.getAttribute("data-event")));

test.describe("returns and exchanges", () => {
  test("a shopper asks to exchange a size, the owner approves and ships it, and both screens show the same timeline", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
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
      await expect(form).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => timelineOf(account)).toEqual(["placed", "status:Delivered"]);
      await expectAccessible(account);
      await form.getByLabel("Exchange for another size").check();
      await form.getByLabel("Reason").selectOption("wrong_size");
      await form.getByLabel("How many of Dune Linen Abaya (M/54)").selectOption("1");
      await form.getByLabel("New size for Dune Linen Abaya").selectOption({ label: "L/56" });
      await form.getByLabel(/Anything we should know/).fill("A size up, please.");
      await form.getByRole("button", { name: "Send request" }).click();
      await expect(account.getByTestId("return-sent")).toContainText(
        `We received your request ${order.number}-R1`,
      );
      await expect(account.getByTestId("return-request").getByTestId("return-status")).toHaveText(
        "Requested",
      );
      await expect
        .poll(() => timelineOf(account))
        .toEqual(["placed", "status:Delivered", "return:requested"]);
      await expectAccessible(account);

      // The owner: the Returns list, then the order screen, step by step.
      await owner.signIn(context);
      const page = await context.newPage();
      await page.goto("/admin");
      await expect(page).toHaveURL(/\/admin$/);
      await waitForHydration(page);
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Returns" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Returns and exchanges" })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("link", { name: `Exchange ${order.number}-R1` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Order ${order.number}` })).toBeVisible();
      const request = page.getByTestId("order-return-requests").getByTestId("return-request");
      await expect(request).toBeVisible();
      await expectAccessible(page);

      await request.getByLabel("Message to the customer (optional)").fill("Send it back with its tags.");
      await request.getByRole("button", { name: "Approve and reserve the size" }).click();
      await expect(request).toHaveAttribute("data-status", "approved");
      await request.getByRole("button", { name: "Mark items received" }).click();
      await expect(request).toHaveAttribute("data-status", "received");
      await request.getByLabel("Courier").selectOption("Aramex");
      await request.getByLabel("Tracking number").fill("AWB-EXCH-4455");
      await request.getByRole("button", { name: "Ship the new size" }).click();
      await expect(request).toHaveAttribute("data-status", "shipped");
      const expected = [
        "placed",
        "status:Delivered",
        "return:requested",
        "return:approved",
        "return:received",
        "return:shipped",
      ];
      await expect.poll(() => timelineOf(page)).toEqual(expected);
      await expect(page.getByTestId("order-timeline")).toContainText("AWB-EXCH-4455");
      await expectAccessible(page);

      // The shopper's page, read again: the same timeline, the request shipped with its tracking number.
      await account.reload();
      await waitForHydration(account);
      await expect(account.getByTestId("order-timeline")).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => timelineOf(account)).toEqual(expected);
      await expect(account.getByTestId("order-timeline")).toContainText("AWB-EXCH-4455");
      await expect(account.getByTestId("return-request").getByTestId("return-status")).toHaveText(
        "New size sent",
      );
      await expectAccessible(account);
    } finally {
      await context.close();
    }
  });
});
