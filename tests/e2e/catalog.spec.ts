import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDto } from "#core/catalog.ts";
import {
  expectAccessible,
  launchBrowser,
  newContext,
  openPage,
  type RunningStore,
  startStore,
  type ViewportName,
  waitForHydration,
  waitForOverlayGone,
} from "./harness.ts";

let store: RunningStore;
let browser: Browser;
let catalog: ProductDto[];

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  catalog = ((await (await fetch(`${store.baseUrl}/api/product/list`)).json()) as { products: ProductDto[] })
    .products;
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

const effective = (p: ProductDto) => p.salePrice ?? p.price;

const open = openPage;

async function cardNames(page: Page): Promise<string[]> {
  return (
    await page.getByTestId("shop-grid").getByTestId("product-card").locator("h3").allTextContents()
  ).map((s) => s.trim());
}

describe.each(["desktop", "phone"] as ViewportName[])("a shopper on %s", (viewport) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, viewport, store.baseUrl);
  });
  afterAll(() => context.close());

  it("uses the hero slider's controls, which wrap both ways", async () => {
    const page = await open(context, "/");
    const slider = page.getByTestId("hero-slider");
    const active = () => slider.locator('[data-active="true"] h2').textContent();
    expect(await active()).toBe("Premium Abaya");
    await slider.getByTestId("hero-prev").click();
    expect(await active()).toBe("Pakistani Dresses");
    await slider.getByTestId("hero-next").click();
    expect(await active()).toBe("Premium Abaya");
    await slider.getByRole("button", { name: /Go to slide 2/ }).click();
    expect(await active()).toBe("Designer Jalabiya");
    for (const section of [
      "home-bestsellers",
      "home-categories",
      "home-featured",
      "home-stitching",
      "home-blog",
      "home-shopping",
    ]) {
      expect(await page.getByTestId(section).count()).toBe(1);
    }
    expect(await page.getByTestId("home-featured").getByTestId("product-card").count()).toBe(6);
    await expectAccessible(page);
    await page.close();
  });

  it("goes from home to a collection, filters by price and colour, sorts, and opens a product", async () => {
    const page = await open(context, "/");
    await page.getByTestId("home-bestsellers").getByRole("link", { name: "Explore Full Collection" }).click();
    await page.waitForURL(/\/shop\?category=graceful-abayas$/);
    await page.getByTestId("shop-grid").waitFor();
    const abayas = catalog.filter((p) => p.category === "graceful-abayas");
    expect((await cardNames(page)).sort()).toEqual(abayas.map((p) => p.name).sort());
    await expectAccessible(page);

    if (viewport === "phone") {
      await page.getByTestId("filters-toggle").click();
    }
    const filters = page.getByTestId("shop-filters");
    // Keyboard on the maximum handle: each step is 50 AED.
    const max = filters.getByRole("slider", { name: "Maximum price" });
    await max.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowLeft");
    await page.waitForURL((url) => url.searchParams.get("maxPrice") === "1500");
    expect(await filters.getByTestId("price-range").textContent()).toBe("AED 100 – AED 1500");

    const color = abayas
      .flatMap((p) => p.colors)
      .find((c) => abayas.some((p) => p.colors.includes(c) && effective(p) <= 1500))!;
    await page.getByTestId("shop-grid").waitFor();
    await waitForOverlayGone(page);
    const checkbox = filters.getByRole("checkbox", { name: color });
    await checkbox.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await checkbox.check();
    await page.waitForURL((url) => url.searchParams.getAll("color").includes(color));
    await waitForOverlayGone(page);

    await page.getByTestId("sort-select").selectOption("price-high-low");
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-high-low");
    const expected = abayas
      .filter((p) => p.colors.includes(color) && effective(p) >= 100 && effective(p) <= 1500)
      .sort((a, b) => effective(b) - effective(a));
    await expect.poll(() => cardNames(page)).toEqual(expected.map((p) => p.name));

    const first = expected[0]!;
    await waitForOverlayGone(page);
    await page.getByTestId("shop-grid").getByRole("link", { name: first.name, exact: true }).click();
    await page.waitForURL(new RegExp(`/product/${first.slug}$`));
    await expect.poll(() => page.locator("h1").textContent()).toBe(first.name);
    await page.close();
  });

  it("browses the gallery in the full-screen viewer by keyboard", async () => {
    const product = catalog.find((p) => p.images.length >= 3)!;
    const page = await open(context, `/product/${product.slug}`);
    await page.getByTestId("open-viewer").focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByTestId("image-viewer");
    await viewer.waitFor({ state: "visible" });
    const counter = viewer.getByTestId("viewer-counter");
    expect(await counter.textContent()).toBe(`1 / ${product.images.length}`);
    await page.keyboard.press("ArrowRight");
    expect(await counter.textContent()).toBe(`2 / ${product.images.length}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await counter.textContent()).toBe(`${product.images.length} / ${product.images.length}`);
    // Focus stays inside the viewer.
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("[data-testid=image-viewer]"))).toBe(
      true,
    );
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "hidden" });
    await page.close();
  });

  it("chooses a size, sees its stock message, resets the quantity, and opens the size guide", async () => {
    const product = catalog.find(
      (p) =>
        p.variants.length >= 3 && p.variants.some((v) => v.stock === 0) && (p.variants[0]?.stock ?? 0) > 1,
    )!;
    expect(product).toBeDefined();
    const page = await open(context, `/product/${product.slug}`);
    const message = page.getByTestId("stock-message");
    const band = (stock: number | null) =>
      stock === null
        ? "Stock info unavailable"
        : stock > 20
          ? "In stock"
          : stock >= 11
            ? `Only ${stock} left in stock`
            : stock >= 1
              ? `Hurry! Only ${stock} left`
              : "Out of stock";
    // The first size is chosen on load.
    expect(await message.textContent()).toBe(band(product.variants[0]!.stock));
    await page.getByRole("button", { name: "Increase quantity" }).click();
    expect(await page.getByTestId("quantity").textContent()).toBe("2");

    const sizes = page.getByTestId("size-buttons");
    const soldOut = product.variants.find((v) => v.stock === 0)!;
    expect(await sizes.getByRole("button", { name: soldOut.filter_value, exact: true }).isDisabled()).toBe(
      true,
    );
    const other = product.variants.find((v, i) => i > 0 && v.stock !== 0)!;
    await sizes.getByRole("button", { name: other.filter_value, exact: true }).click();
    expect(await message.textContent()).toBe(band(other.stock));
    expect(await page.getByTestId("quantity").textContent()).toBe("1");

    await page.getByTestId("size-guide-button").click();
    const guide = page.getByTestId("size-guide");
    await guide.waitFor({ state: "visible" });
    for (const size of ["XS/50", "S/52", "M/54", "L/56", "XL/58"]) {
      expect(await guide.getByRole("rowheader", { name: size }).count()).toBe(1);
    }
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await guide.waitFor({ state: "hidden" });
    await page.close();
  });

  it("adds to the cart within the size's stock, refuses more, and keeps the wishlist free of duplicates", async () => {
    const product = catalog.find((p) => {
      const first = p.variants[0];
      return first !== undefined && first.stock !== null && first.stock >= 2 && first.stock <= 10;
    })!;
    expect(product).toBeDefined();
    const stock = product.variants[0]!.stock!;
    const page = await open(context, `/product/${product.slug}`);
    expect(await page.getByTestId("stock-message").textContent()).toBe(`Hurry! Only ${stock} left`);
    const increase = page.getByRole("button", { name: "Increase quantity" });
    for (let i = 1; i < stock + 2; i++) {
      if (await increase.isEnabled()) await increase.click();
    }
    // SPEC §5: the stepper stops at the size's stock.
    expect(await page.getByTestId("quantity").textContent()).toBe(String(stock));
    await page.getByTestId("add-to-cart").click();
    await page.getByText("Added to cart").waitFor();
    // SPEC §4: a successful add-to-cart goes to /cart.
    await page.waitForURL(/\/cart$/);
    await expect
      .poll(() => page.getByTestId("header-cart").getByTestId("cart-count").textContent())
      .toBe(String(stock));

    await page.goBack();
    await waitForHydration(page);
    await page.getByTestId("add-to-cart").click();
    await page.getByText("Stock limit reached").waitFor();
    expect(await page.getByText(`Only ${stock} in stock for selected size`).isVisible()).toBe(true);
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("store.cart") ?? "{}"));
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      _id: product._id,
      quantity: stock,
      selectedSize: product.variants[0]!.filter_value,
    });

    const wishlist = page.getByTestId("wishlist-button");
    await expect.poll(() => wishlist.isEnabled()).toBe(true);
    await wishlist.click();
    await page.getByText("Added to wishlist").waitFor();
    expect(await wishlist.isDisabled()).toBe(true);
    await page.reload();
    await waitForHydration(page);
    // The button reads the wishlist after the first paint; once read, it says the product is in.
    await page.getByTestId("wishlist-button").getByText("In Wishlist").waitFor();
    expect(await page.getByTestId("wishlist-button").isDisabled()).toBe(true);
    await expectAccessible(page);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it("shows 'Product not found' with HTTP 404 for an unknown product", async () => {
    const page = await context.newPage();
    const response = await page.goto("/product/no-such-abaya");
    expect(response?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Product not found");
    await waitForHydration(page);
    await expectAccessible(page);
    await page.close();
  });
});
