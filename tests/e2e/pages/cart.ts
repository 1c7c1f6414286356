import { expect, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "#core/constants.ts";
import { waitForHydration } from "../harness.ts";

/** /cart (SPEC §5): the lines, their steppers, the summary and Proceed to Checkout. */
export class CartPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  readonly lines = () => this.page.getByTestId("cart-line");
  readonly empty = () => this.page.getByTestId("cart-empty");
  readonly proceed = () =>
    this.page
      .getByRole("link", { name: "Proceed to Checkout" })
      .or(this.page.getByRole("button", { name: "Proceed to Checkout" }));

  async open() {
    await this.page.goto("/cart");
    await waitForHydration(this.page);
  }

  /** The line showing this size (and, when given, this product's name). */
  line(size: string, name?: string) {
    const bySize = this.lines().filter({
      has: this.page.getByTestId("line-size").getByText(size, { exact: true }),
    });
    return name ? bySize.filter({ hasText: name }) : bySize;
  }

  /** The number of lines in the browser's stored cart (SPEC §3), for expect.poll. */
  storedLength(): Promise<number> {
    return this.page.evaluate((key) => {
      const items = (JSON.parse(localStorage.getItem(key) ?? "null") as { items?: unknown[] } | null)?.items;
      return Array.isArray(items) ? items.length : 0;
    }, STORAGE_KEYS.cart);
  }

  async checkout() {
    await this.proceed().click();
    await expect(this.page).toHaveURL(/\/checkout$/);
  }
}
