import type { BrowserContext, Page } from "@playwright/test";
import type { ProductDto } from "#core/catalog.ts";
import { apiOf, contextOptions, expect, type RunningStore, storeOf, test } from "./fixtures.ts";
import {
  expectAccessible,
  openPage,
  type ViewportName,
  waitForHydration,
  waitForOverlayGone,
} from "./harness.ts";

let store: RunningStore;
let catalog: ProductDto[];

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
  catalog = (await apiOf(store.baseUrl).get("/api/product/list")).body.products as ProductDto[];
});

const effective = (p: ProductDto) => p.salePrice ?? p.price;

const open = openPage;

/** The names on the shop grid's cards, in order. */
const cards = (page: Page) => page.getByTestId("shop-grid").getByTestId("product-card").locator("h3");

for (const viewport of ["desktop", "phone"] as ViewportName[]) {
  test.describe(`a shopper on ${viewport}`, () => {
    let context: BrowserContext;
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
    });
    test.afterAll(() => context.close());

    test("uses the hero slider's controls, which wrap both ways", async () => {
      const page = await open(context, "/");
      const slider = page.getByTestId("hero-slider");
      const active = slider.locator('[data-active="true"] h2');
      await expect(active).toHaveText("Premium Abaya");
      await slider.getByTestId("hero-prev").click();
      await expect(active).toHaveText("Pakistani Dresses");
      await slider.getByTestId("hero-next").click();
      await expect(active).toHaveText("Premium Abaya");
      await slider.getByRole("button", { name: /Go to slide 2/ }).click();
      await expect(active).toHaveText("Designer Jalabiya");
      for (const section of [
        "home-bestsellers",
        "home-categories",
        "home-featured",
        "home-stitching",
        "home-blog",
        "home-shopping",
      ]) {
        await expect(page.getByTestId(section)).toHaveCount(1);
      }
      await expect(page.getByTestId("home-featured").getByTestId("product-card")).toHaveCount(6);
      await expectAccessible(page);
      await page.close();
    });

    test("goes from home to a collection, filters by price and colour, sorts, and opens a product", async () => {
      const page = await open(context, "/");
      await page
        .getByTestId("home-bestsellers")
        .getByRole("link", { name: "Explore Full Collection" })
        .click();
      await expect(page).toHaveURL(/\/shop\?category=graceful-abayas$/);
      await expect(page.getByTestId("shop-grid")).toBeVisible();
      const abayas = catalog.filter((p) => p.category === "graceful-abayas");
      await expect
        .poll(async () => (await cards(page).allTextContents()).map((s) => s.trim()).sort())
        .toEqual(abayas.map((p) => p.name).sort());
      await expectAccessible(page);

      // Phones get the filters in a sheet over the page; desktops keep the sidebar.
      if (viewport === "phone") {
        await expect(page.getByTestId("shop-filters")).toBeHidden();
        await page.getByTestId("filters-toggle").click();
        const sheet = page.getByRole("dialog", { name: "Filters" });
        await expect(sheet).toBeVisible();
        // The sheet covers the phone's width and reaches its bottom edge (once it has slid in).
        await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(390);
        await expect
          .poll(async () => {
            const box = await sheet.boundingBox();
            return box ? Math.round(box.y + box.height) : undefined;
          })
          .toBe(844);
        await expect(page.getByTestId("filters-show")).toHaveText(`Show ${abayas.length} products`);
        await expectAccessible(page);
      } else {
        await expect(page.getByTestId("filters-toggle")).toBeHidden();
      }
      const filters = page.getByTestId(viewport === "phone" ? "shop-filters-sheet" : "shop-filters");
      // Keyboard on the maximum handle: each step is 50 AED.
      const max = filters.getByRole("slider", { name: "Maximum price" });
      await max.focus();
      for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowLeft");
      await page.waitForURL((url) => url.searchParams.get("maxPrice") === "1500");
      await expect(filters.getByTestId("price-range")).toHaveText("AED 100 – AED 1500");

      const color = abayas
        .flatMap((p) => p.colors)
        .find((c) => abayas.some((p) => p.colors.includes(c) && effective(p) <= 1500))!;
      await expect(page.getByTestId("shop-grid")).toBeVisible();
      await waitForOverlayGone(page);
      const checkbox = filters.getByRole("checkbox", { name: color });
      await checkbox.evaluate((element) => element.scrollIntoView({ block: "center" }));
      // The box follows the URL: click, then wait for the navigation that checks it.
      await checkbox.click();
      await page.waitForURL((url) => url.searchParams.getAll("color").includes(color));
      await expect(checkbox).toBeChecked();
      await waitForOverlayGone(page);
      const expected = abayas
        .filter((p) => p.colors.includes(color) && effective(p) >= 100 && effective(p) <= 1500)
        .sort((a, b) => effective(b) - effective(a));
      if (viewport === "phone") {
        // The sheet's button counts what the filters match, and closes it on the results.
        const show = page.getByTestId("filters-show");
        const label = expected.length === 1 ? "Show 1 product" : `Show ${expected.length} products`;
        await expect(show).toHaveText(label);
        await show.click();
        await expect(page.getByRole("dialog", { name: "Filters" })).toBeHidden();
        await expect(cards(page)).toHaveCount(expected.length);
      }

      await page.getByTestId("sort-select").selectOption("price-high-low");
      await page.waitForURL((url) => url.searchParams.get("sort") === "price-high-low");
      await expect(cards(page)).toHaveText(expected.map((p) => p.name));

      const first = expected[0]!;
      await waitForOverlayGone(page);
      await page.getByTestId("shop-grid").getByRole("link", { name: first.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/product/${first.slug}$`));
      await expect(page.locator("h1")).toHaveText(first.name);
      await page.close();
    });

    test("shows a third collection named by the URL as an extra, selected choice the shopper can clear", async () => {
      const page = await open(context, "/shop?category=designer-jalabiya");
      if (viewport === "phone") await page.getByTestId("filters-toggle").click();
      const filters = page.getByTestId(viewport === "phone" ? "shop-filters-sheet" : "shop-filters");
      const group = filters.getByRole("group", { name: "Category" });
      await expect
        .poll(() =>
          group.getByRole("radio").evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value)),
        )
        .toEqual(["all", "ethnic-elegance", "graceful-abayas", "designer-jalabiya"]);
      await expect(group.getByRole("radio", { name: "Designer Jalabiya" })).toBeChecked();
      // A click, not check(): the radio follows the URL, so it shows "All" only once the navigation lands
      // (on a busy machine check() looks too early and sees the old choice still selected).
      await group.getByRole("radio", { name: "All" }).click();
      await page.waitForURL((url) => url.pathname === "/shop" && !url.searchParams.has("category"));
      await expect(group.getByRole("radio", { name: "All" })).toBeChecked();
      // Once the URL no longer names it, only SPEC's two collections are offered.
      await expect(group.getByRole("radio")).toHaveCount(3);
      await page.close();
    });

    test("browses the gallery in the full-screen viewer by keyboard", async () => {
      const product = catalog.find((p) => p.images.length >= 3)!;
      const page = await open(context, `/product/${product.slug}`);
      await page.getByTestId("open-viewer").focus();
      await page.keyboard.press("Enter");
      const viewer = page.getByTestId("image-viewer");
      await expect(viewer).toBeVisible();
      const counter = viewer.getByTestId("viewer-counter");
      await expect(counter).toHaveText(`1 / ${product.images.length}`);
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(`2 / ${product.images.length}`);
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(counter).toHaveText(`${product.images.length} / ${product.images.length}`);
      // Focus stays inside the viewer.
      for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest("[data-testid=image-viewer]")))
        .toBe(true);
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(viewer).toBeHidden();
      await page.close();
    });

    test("chooses a size, sees its stock message, resets the quantity, and opens the size guide", async () => {
      // The demo catalogue's stock for this abaya, XS to XL: 6, 18, 25, 22, 0.
      const product = catalog.find((p) => p.slug === "layla-embroidered-nida-abaya")!;
      expect(product.variants.map((v) => v.stock)).toEqual([6, 18, 25, 22, 0]);
      const page = await open(context, `/product/${product.slug}`);
      const message = page.getByTestId("stock-message");
      // The first size is chosen on load.
      await expect(message).toHaveText("Hurry! Only 6 left");
      await page.getByRole("button", { name: "Increase quantity" }).click();
      await expect(page.getByTestId("quantity")).toHaveText("2");

      const sizes = page.getByTestId("size-buttons");
      const size = (index: number) =>
        sizes.getByRole("radio", { name: product.variants[index]!.filter_value, exact: true });
      await expect(size(4)).toBeDisabled();
      // The radio is visually hidden inside its label, which a shopper taps.
      await size(1).locator("..").click();
      await expect(message).toHaveText("Only 18 left in stock");
      await expect(page.getByTestId("quantity")).toHaveText("1");
      await size(2).locator("..").click();
      await expect(message).toHaveText("In stock");

      await page.getByTestId("size-guide-button").click();
      const guide = page.getByTestId("size-guide");
      await expect(guide).toBeVisible();
      // The figures load when the guide first opens.
      await expect(guide.getByTestId("size-guide-figures")).toBeVisible();
      for (const size of ["XS/50", "S/52", "M/54", "L/56", "XL/58"]) {
        await expect(guide.getByRole("rowheader", { name: size })).toHaveCount(1);
      }
      // Real figures in centimetres and inches, not dashes, and the diagram 'Measure yourself as shown'.
      const medium = guide.getByRole("row", { name: /^M\/54/ });
      await expect(medium.getByRole("cell")).toHaveText([
        "160–165 cm5′3″–5′5″",
        "92 cm36 in",
        "74 cm29 in",
        "98 cm38.5 in",
      ]);
      await expect(guide.getByText("—")).toHaveCount(0);
      await expect(guide.getByRole("img", { name: /where to measure/ })).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(guide).toBeHidden();
      await page.close();
    });

    test("adds to the cart within the size's stock, refuses more, and keeps the wishlist free of duplicates", async () => {
      const product = catalog.find((p) => {
        const first = p.variants[0];
        return first !== undefined && first.stock !== null && first.stock >= 2 && first.stock <= 10;
      })!;
      expect(product).toBeDefined();
      const stock = product.variants[0]!.stock!;
      const page = await open(context, `/product/${product.slug}`);
      await expect(page.getByTestId("stock-message")).toHaveText(`Hurry! Only ${stock} left`);
      const increase = page.getByRole("button", { name: "Increase quantity" });
      for (let i = 1; i < stock; i++) {
        await increase.click();
        await expect(page.getByTestId("quantity")).toHaveText(String(i + 1));
      }
      // SPEC §5: the stepper stops at the size's stock.
      await expect(increase).toBeDisabled();
      await increase.click({ force: true });
      await expect(page.getByTestId("quantity")).toHaveText(String(stock));
      await page.getByTestId("add-to-cart").click();
      await expect(page.getByText("Added to cart")).toBeVisible();
      // SPEC §4: a successful add-to-cart goes to /cart.
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveText(String(stock));

      await page.goBack();
      await waitForHydration(page);
      await page.getByTestId("add-to-cart").click();
      await expect(page.getByText("Stock limit reached")).toBeVisible();
      await expect(page.getByText(`Only ${stock} in stock for selected size`)).toBeVisible();
      const storedCart = () =>
        page.evaluate(
          () =>
            JSON.parse(localStorage.getItem("store.cart") ?? "{}") as { items?: Record<string, unknown>[] },
        );
      await expect.poll(async () => (await storedCart()).items).toHaveLength(1);
      expect((await storedCart()).items?.[0]).toMatchObject({
        _id: product._id,
        quantity: stock,
        selectedSize: product.variants[0]!.filter_value,
      });

      const wishlist = page.getByTestId("wishlist-button");
      await expect(wishlist).toBeEnabled();
      await wishlist.click();
      await expect(page.getByText("Added to wishlist")).toBeVisible();
      await expect(wishlist).toBeDisabled();
      await page.reload();
      await waitForHydration(page);
      // The button reads the wishlist after the first paint; once read, it says the product is in.
      await expect(page.getByTestId("wishlist-button").getByText("In Wishlist")).toBeVisible();
      await expect(page.getByTestId("wishlist-button")).toBeDisabled();
      await expectAccessible(page);
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    test("shows 'Product not found' with HTTP 404 for an unknown product", async () => {
      const page = await context.newPage();
      const response = await page.goto("/product/no-such-abaya");
      expect(response?.status()).toBe(404);
      await expect(page.locator("h1")).toHaveText("Product not found");
      await waitForHydration(page);
      await expectAccessible(page);
      await page.close();
    });
  });
}
