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
    await expect.poll(() => active()).toBe("Premium Abaya");
    await slider.getByTestId("hero-prev").click();
    await expect.poll(() => active()).toBe("Pakistani Dresses");
    await slider.getByTestId("hero-next").click();
    await expect.poll(() => active()).toBe("Premium Abaya");
    await slider.getByRole("button", { name: /Go to slide 2/ }).click();
    await expect.poll(() => active()).toBe("Designer Jalabiya");
    for (const section of [
      "home-bestsellers",
      "home-categories",
      "home-featured",
      "home-stitching",
      "home-blog",
      "home-shopping",
    ]) {
      await expect.poll(() => page.getByTestId(section).count()).toBe(1);
    }
    await expect.poll(() => page.getByTestId("home-featured").getByTestId("product-card").count()).toBe(6);
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

    // Phones get the filters in a sheet over the page; desktops keep the sidebar.
    if (viewport === "phone") {
      await expect.poll(() => page.getByTestId("shop-filters").isVisible()).toBe(false);
      await page.getByTestId("filters-toggle").click();
      const sheet = page.getByRole("dialog", { name: "Filters" });
      await sheet.waitFor({ state: "visible" });
      const box = (await sheet.boundingBox())!;
      expect(box.width).toBe(390);
      expect(box.y + box.height).toBeCloseTo(844, 0);
      await expect
        .poll(() => page.getByTestId("filters-show").textContent())
        .toBe(`Show ${abayas.length} products`);
      await expectAccessible(page);
    } else {
      await expect.poll(() => page.getByTestId("filters-toggle").isVisible()).toBe(false);
    }
    const filters = page.getByTestId(viewport === "phone" ? "shop-filters-sheet" : "shop-filters");
    // Keyboard on the maximum handle: each step is 50 AED.
    const max = filters.getByRole("slider", { name: "Maximum price" });
    await max.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowLeft");
    await page.waitForURL((url) => url.searchParams.get("maxPrice") === "1500");
    await expect.poll(() => filters.getByTestId("price-range").textContent()).toBe("AED 100 – AED 1500");

    const color = abayas
      .flatMap((p) => p.colors)
      .find((c) => abayas.some((p) => p.colors.includes(c) && effective(p) <= 1500))!;
    await page.getByTestId("shop-grid").waitFor();
    await waitForOverlayGone(page);
    const checkbox = filters.getByRole("checkbox", { name: color });
    await checkbox.evaluate((element) => element.scrollIntoView({ block: "center" }));
    // The box follows the URL: click, then wait for the navigation that checks it.
    await checkbox.click();
    await page.waitForURL((url) => url.searchParams.getAll("color").includes(color));
    await expect.poll(() => checkbox.isChecked()).toBe(true);
    await waitForOverlayGone(page);
    const expected = abayas
      .filter((p) => p.colors.includes(color) && effective(p) >= 100 && effective(p) <= 1500)
      .sort((a, b) => effective(b) - effective(a));
    if (viewport === "phone") {
      // The sheet's button counts what the filters match, and closes it on the results.
      const show = page.getByTestId("filters-show");
      const label = expected.length === 1 ? "Show 1 product" : `Show ${expected.length} products`;
      await expect.poll(() => show.textContent()).toBe(label);
      await show.click();
      await page.getByRole("dialog", { name: "Filters" }).waitFor({ state: "hidden" });
      expect((await cardNames(page)).length).toBe(expected.length);
    }

    await page.getByTestId("sort-select").selectOption("price-high-low");
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-high-low");
    await expect.poll(() => cardNames(page)).toEqual(expected.map((p) => p.name));

    const first = expected[0]!;
    await waitForOverlayGone(page);
    await page.getByTestId("shop-grid").getByRole("link", { name: first.name, exact: true }).click();
    await page.waitForURL(new RegExp(`/product/${first.slug}$`));
    await expect.poll(() => page.locator("h1").textContent()).toBe(first.name);
    await page.close();
  });

  it("shows a third collection named by the URL as an extra, selected choice the shopper can clear", async () => {
    const page = await open(context, "/shop?category=designer-jalabiya");
    if (viewport === "phone") await page.getByTestId("filters-toggle").click();
    const filters = page.getByTestId(viewport === "phone" ? "shop-filters-sheet" : "shop-filters");
    const group = filters.getByRole("group", { name: "Category" });
    expect(
      await group
        .getByRole("radio")
        .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value)),
    ).toEqual(["all", "ethnic-elegance", "graceful-abayas", "designer-jalabiya"]);
    await expect.poll(() => group.getByRole("radio", { name: "Designer Jalabiya" }).isChecked()).toBe(true);
    // A click, not check(): the radio follows the URL, so it shows "All" only once the navigation lands
    // (on a busy machine check() looks too early and sees the old choice still selected).
    await group.getByRole("radio", { name: "All" }).click();
    await page.waitForURL((url) => url.pathname === "/shop" && !url.searchParams.has("category"));
    await expect.poll(() => group.getByRole("radio", { name: "All" }).isChecked()).toBe(true);
    // Once the URL no longer names it, only SPEC's two collections are offered.
    await expect.poll(() => group.getByRole("radio").count()).toBe(3);
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
    await expect.poll(() => counter.textContent()).toBe(`1 / ${product.images.length}`);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toBe(`2 / ${product.images.length}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect
      .poll(() => counter.textContent())
      .toBe(`${product.images.length} / ${product.images.length}`);
    // Focus stays inside the viewer.
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest("[data-testid=image-viewer]")))
      .toBe(true);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "hidden" });
    await page.close();
  });

  it("chooses a size, sees its stock message, resets the quantity, and opens the size guide", async () => {
    // The demo catalogue's stock for this abaya, XS to XL: 6, 18, 25, 22, 0.
    const product = catalog.find((p) => p.slug === "layla-embroidered-nida-abaya")!;
    expect(product.variants.map((v) => v.stock)).toEqual([6, 18, 25, 22, 0]);
    const page = await open(context, `/product/${product.slug}`);
    const message = page.getByTestId("stock-message");
    // The first size is chosen on load.
    await expect.poll(() => message.textContent()).toBe("Hurry! Only 6 left");
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect.poll(() => page.getByTestId("quantity").textContent()).toBe("2");

    const sizes = page.getByTestId("size-buttons");
    const size = (index: number) =>
      sizes.getByRole("radio", { name: product.variants[index]!.filter_value, exact: true });
    await expect.poll(() => size(4).isDisabled()).toBe(true);
    // The radio is visually hidden inside its label, which a shopper taps.
    await size(1).locator("..").click();
    await expect.poll(() => message.textContent()).toBe("Only 18 left in stock");
    await expect.poll(() => page.getByTestId("quantity").textContent()).toBe("1");
    await size(2).locator("..").click();
    await expect.poll(() => message.textContent()).toBe("In stock");

    await page.getByTestId("size-guide-button").click();
    const guide = page.getByTestId("size-guide");
    await guide.waitFor({ state: "visible" });
    // The figures load when the guide first opens.
    await guide.getByTestId("size-guide-figures").waitFor();
    for (const size of ["XS/50", "S/52", "M/54", "L/56", "XL/58"]) {
      await expect.poll(() => guide.getByRole("rowheader", { name: size }).count()).toBe(1);
    }
    // Real figures in centimetres and inches, not dashes, and the diagram 'Measure yourself as shown'.
    const medium = guide.getByRole("row", { name: /^M\/54/ });
    expect(
      (await medium.getByRole("cell").allTextContents()).map((text) => text.replace(/\s+/g, " ")),
    ).toEqual(["160–165 cm5′3″–5′5″", "92 cm36 in", "74 cm29 in", "98 cm38.5 in"]);
    await expect.poll(() => guide.getByText("—").count()).toBe(0);
    await expect.poll(() => guide.getByRole("img", { name: /where to measure/ }).isVisible()).toBe(true);
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
    await expect
      .poll(() => page.getByTestId("stock-message").textContent())
      .toBe(`Hurry! Only ${stock} left`);
    const increase = page.getByRole("button", { name: "Increase quantity" });
    for (let i = 1; i < stock + 2; i++) {
      if (await increase.isEnabled()) await increase.click();
    }
    // SPEC §5: the stepper stops at the size's stock.
    await expect.poll(() => page.getByTestId("quantity").textContent()).toBe(String(stock));
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
    await expect
      .poll(() => page.getByText(`Only ${stock} in stock for selected size`).isVisible())
      .toBe(true);
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
    await expect.poll(() => wishlist.isDisabled()).toBe(true);
    await page.reload();
    await waitForHydration(page);
    // The button reads the wishlist after the first paint; once read, it says the product is in.
    await page.getByTestId("wishlist-button").getByText("In Wishlist").waitFor();
    await expect.poll(() => page.getByTestId("wishlist-button").isDisabled()).toBe(true);
    await expectAccessible(page);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it("shows 'Product not found' with HTTP 404 for an unknown product", async () => {
    const page = await context.newPage();
    const response = await page.goto("/product/no-such-abaya");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Product not found");
    await waitForHydration(page);
    await expectAccessible(page);
    await page.close();
  });
});
