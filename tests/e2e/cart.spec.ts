import { DatabaseSync } from "node:sqlite";
import type { BrowserContext } from "@playwright/test";
import type { ProductDto } from "#core/catalog.ts";
import { aedToFils, formatAed } from "#core/money.ts";
import { variantPrices } from "#core/pricing.ts";
import {
  apiOf,
  contextOptions,
  expect,
  type RunningStore,
  registerShopper,
  storeOf,
  test,
} from "./fixtures.ts";
import { expectAccessible, openPage, type ViewportName, waitForHydration } from "./harness.ts";
import { LoginPage, ProductPage } from "./pages/index.ts";

let store: RunningStore;
let catalog: ProductDto[];
let db: DatabaseSync;

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  // The store's own database file, so a journey can change stock behind the shop's back.
  db = new DatabaseSync(store.databaseFile);
  const listed = await apiOf(store.baseUrl).get("/api/product/list");
  catalog = listed.body.products as ProductDto[];
});
test.afterAll(() => db?.close());

const tracked = (stock: number | null, min: number, max: number) =>
  stock !== null && stock >= min && stock <= max;
const unit = (v: ProductDto["variants"][number]) => aedToFils(variantPrices(v).salePrice ?? v.retail_price);
const aed = (fils: number) => formatAed(fils).replace(/\s/g, " ");

for (const viewport of ["desktop", "phone"] as ViewportName[]) {
  test.describe(`a shopper's cart on ${viewport}`, () => {
    let context: BrowserContext;
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
    });
    test.afterAll(() => context.close());

    test("adds two sizes of one product and one of another, steps to the stock, moves, removes, empties", async () => {
      const first = catalog.find(
        (p) =>
          p.variants.filter((v) => tracked(v.stock, 2, 10)).length >= 2 &&
          p.type !== "Unstitched" &&
          p.variants[0] !== undefined &&
          tracked(p.variants[0].stock, 2, 10),
      )!;
      expect(first).toBeDefined();
      const second = catalog.find(
        (p) => p._id !== first._id && tracked(p.variants[0]?.stock ?? null, 1, 50),
      )!;
      const [a, b] = first.variants.filter((v) => tracked(v.stock, 2, 10)) as [
        ProductDto["variants"][number],
        ProductDto["variants"][number],
      ];
      const c = second.variants[0]!;

      const page = await openPage(context, "/cart");
      await expect(page.getByTestId("cart-empty")).toHaveText("Your cart is empty");
      const product = new ProductPage(page);
      await product.add(first.slug, a.filter_value);
      await product.add(first.slug, b.filter_value);
      await product.add(second.slug, c.filter_value);

      const lines = page.getByTestId("cart-line");
      await expect(lines.nth(2)).toBeVisible();
      await expect(lines).toHaveCount(3);
      await expect(lines.getByTestId("line-size")).toHaveText([
        a.filter_value,
        b.filter_value,
        c.filter_value,
      ]);
      const total = unit(a) + unit(b) + unit(c);
      await expect(page.getByTestId("cart-total")).toHaveText(aed(total));
      await expect(page.getByTestId("cart-subtotal")).toHaveText(aed(total));
      await expect(page.getByTestId("cart-shipping")).toHaveText("Free");
      await expect(page.getByTestId("proceed-to-checkout")).toBeEnabled();
      await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveText("3");
      await expectAccessible(page);
      // The cart's cookie copy goes to /cart and /checkout only: the server draws /cart with the lines,
      // and the public pages' requests carry no copy of it.
      const drawn = await page.request.get("/cart").then((r) => r.text());
      expect(drawn).toContain(first.name);
      expect(drawn).toContain(second.name);
      const cookieOn = async (path: string) =>
        (await context.cookies(new URL(path, page.url()).href)).some(
          (cookie) => cookie.name === "store_cart",
        );
      await expect.poll(() => cookieOn("/cart")).toBe(true);
      await expect.poll(() => cookieOn("/checkout")).toBe(true);
      await expect.poll(() => cookieOn("/")).toBe(false);
      await expect.poll(() => cookieOn("/shop")).toBe(false);

      // SPEC §5: the stepper stops at the size's stock.
      const line = lines.first();
      const increase = line.getByRole("button", { name: /Increase quantity/ });
      for (let i = 1; i < a.stock!; i++) await increase.click();
      await expect(line.getByTestId("line-quantity")).toHaveText(String(a.stock));
      await expect(increase).toBeDisabled();
      await expect(page.getByTestId("cart-total")).toHaveText(aed(unit(a) * a.stock! + unit(b) + unit(c)));

      await lines
        .nth(1)
        .getByRole("button", { name: /^Move to Wishlist/ })
        .click();
      await expect(page.getByText("Moved to wishlist")).toBeVisible();
      await expect(lines).toHaveCount(2);
      await lines
        .first()
        .getByRole("button", { name: /^Remove/ })
        .click();
      await expect(lines).toHaveCount(1);
      await lines
        .first()
        .getByRole("button", { name: /^Remove/ })
        .click();
      await expect(page.getByTestId("cart-empty")).toBeVisible();
      await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");

      await page.goto("/wishlist");
      await waitForHydration(page);
      const saved = page.getByTestId("wishlist-item");
      await expect(saved).toHaveCount(1);
      await expect(saved.locator("h2")).toHaveText(first.name);
      await expectAccessible(page);
      await saved.getByRole("button", { name: `Remove ${first.name} from wishlist` }).click();
      await expect(page.getByTestId("wishlist-empty")).toBeVisible();
      await expect(page.getByRole("link", { name: "Browse the Shop" })).toHaveAttribute("href", "/shop");
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    test("logs in with a filled cart: the server cart holds it and another browser sees it", async () => {
      const product = catalog.find((p) => tracked(p.variants[0]?.stock ?? null, 3, 50))!;
      const size = product.variants[0]!.filter_value;
      const shopper = await registerShopper(store.baseUrl);
      const page = await openPage(context, "/cart");
      await new ProductPage(page).add(product.slug, size);
      await new LoginPage(page).open();
      await new LoginPage(page).logIn(shopper.phone, shopper.password);
      // SPEC §2 /login: a token holder with items in the cart lands on /cart.
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId("cart-line").first()).toBeVisible();
      const token = await page.evaluate(() => localStorage.getItem("store.token"));
      const server = await (
        await fetch(`${store.baseUrl}/api/cart/get`, {
          method: "POST",
          headers: { token: token!, "content-type": "application/json" },
          body: "{}",
        })
      ).json();
      expect(server.cartData).toEqual({
        [product._id]: { quantity: 1, lines: [{ size, color: product.colors[0] ?? "", quantity: 1 }] },
      });

      const other = await context
        .browser()!
        .newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
      const elsewhere = await other.newPage();
      await elsewhere.goto("/login");
      await waitForHydration(elsewhere);
      await new LoginPage(elsewhere).logIn(shopper.phone, shopper.password);
      await expect(elsewhere).toHaveURL(/\/cart$/);
      await waitForHydration(elsewhere);
      await expect(elsewhere.getByTestId("cart-line").first()).toBeVisible();
      await expect(elsewhere.getByTestId("cart-line").getByTestId("line-name")).toHaveText([product.name]);
      await other.close();
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    test("shows the out-of-stock text and blocks checkout when a size sells out meanwhile", async () => {
      const product = catalog.find(
        (p) => p.variants.length === 1 || tracked(p.variants[0]?.stock ?? null, 2, 50),
      )!;
      const variant = product.variants[0]!;
      const page = await openPage(context, "/cart");
      await new ProductPage(page).add(product.slug, variant.filter_value);
      await expect(page.getByTestId("proceed-to-checkout")).toBeEnabled();
      const before = variant.stock;
      db.prepare("update product_variants set stock = 0 where sku = ?").run(variant.sku);
      try {
        await page.reload();
        await waitForHydration(page);
        await expect(page.getByTestId("line-problem")).toBeVisible();
        await expect(page.getByTestId("line-problem")).toHaveText(
          `${product.name} (${variant.filter_value}) is out of stock`,
        );
        await expect(page.getByTestId("proceed-to-checkout")).toBeDisabled();
        await expectAccessible(page);
      } finally {
        db.prepare("update product_variants set stock = ? where sku = ?").run(before, variant.sku);
      }
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    test("goes to checkout from a tap on Proceed to Checkout while the cart's prices are asked for again", async () => {
      const product = catalog.find((p) => tracked(p.variants[0]?.stock ?? null, 2, 50))!;
      const page = await openPage(context, "/cart");
      await new ProductPage(page).add(product.slug, product.variants[0]!.filter_value);
      const proceed = page.getByTestId("proceed-to-checkout");
      await expect(proceed).toBeEnabled();
      // The next quote is held back: one more of the line asks for it, and the shopper taps meanwhile.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let asked = false;
      await page.route("**/api/cart/quote", async (route) => {
        asked = true;
        await held;
        // The page may have left by then (the request was dropped with it).
        await route.continue().catch(() => {});
      });
      await page
        .getByTestId("cart-line")
        .first()
        .getByRole("button", { name: /Increase quantity/ })
        .click();
      await expect.poll(() => asked).toBe(true);
      await expect(proceed).toHaveAttribute("href", "/checkout");
      await proceed.click();
      await expect(page).toHaveURL(/\/(checkout|login)$/);
      release();
      await page.unroute("**/api/cart/quote");
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    test("follows another tab: a line added there shows here with the badge", async () => {
      const product = catalog.find((p) => tracked(p.variants[0]?.stock ?? null, 2, 50))!;
      const here = await openPage(context, "/cart");
      await expect(here.getByTestId("cart-empty")).toBeVisible();
      const there = await context.newPage();
      await new ProductPage(there).add(product.slug, product.variants[0]!.filter_value);
      await expect(here.getByTestId("cart-line").first()).toBeVisible();
      await expect(here.getByTestId("line-name")).toHaveText(product.name);
      await expect(here.getByTestId("header-cart").getByTestId("cart-count")).toHaveText("1");
      await here.evaluate(() => localStorage.clear());
      await there.close();
      await here.close();
    });

    test("keeps a signed-in shopper's change when the server refuses it, and says why", async () => {
      const product = catalog.find(
        (p) => p._id !== catalog[0]?._id && tracked(p.variants[0]?.stock ?? null, 2, 50),
      )!;
      const variant = product.variants[0]!;
      const shopper = await registerShopper(store.baseUrl);
      const page = await openPage(context, "/login");
      await new LoginPage(page).open();
      await new LoginPage(page).logIn(shopper.phone, shopper.password);
      await expect(page).toHaveURL(/\/shop/);
      await page.goto(`/product/${product.slug}`);
      await waitForHydration(page);
      // The size sells out after the page showed it in stock: the browser adds, the server refuses.
      db.prepare("update product_variants set stock = 0 where sku = ?").run(variant.sku);
      try {
        // The refusal's toast lasts a few seconds: watch for it from before the tap, so a slow navigation to
        // /cart cannot make the journey miss it.
        const refusal = page
          .locator("[data-sonner-toast]")
          .filter({ hasText: "Only 0 in stock for selected size" })
          .filter({ has: page.getByText("Error", { exact: true }) })
          .first()
          .waitFor();
        await page.getByTestId("add-to-cart").click();
        await expect(page).toHaveURL(/\/cart$/);
        await refusal;
        // SPEC §4: the local change is kept; the cart shows why it cannot be bought.
        await expect(page.getByTestId("cart-line")).toHaveCount(1);
        await expect(page.getByTestId("line-problem")).toHaveText(
          `${product.name} (${variant.filter_value}) is out of stock`,
        );
        await expect(page.getByTestId("proceed-to-checkout")).toBeDisabled();
      } finally {
        db.prepare("update product_variants set stock = ? where sku = ?").run(variant.stock, variant.sku);
      }
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });
  });
}
