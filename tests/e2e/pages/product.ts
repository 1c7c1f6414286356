import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "../harness.ts";

/** /product/:slug (SPEC §5): sizes, quantity, Add to Cart. */
export class ProductPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  readonly sizes = () => this.page.getByTestId("size-buttons");
  readonly addToCartButton = () => this.page.getByTestId("add-to-cart");

  async open(slug: string) {
    await this.page.goto(`/product/${slug}`);
    await waitForHydration(this.page);
  }

  /** Chooses a size (the radio is visually hidden inside its label, which a shopper taps). */
  async chooseSize(size: string) {
    const choice = this.sizes().getByRole("radio", { name: size, exact: true });
    await choice.locator("..").click();
    await expect(choice).toBeChecked();
  }

  /** Presses Add to Cart; SPEC §4 then goes to /cart, where the line is drawn. */
  async addToCart() {
    await this.addToCartButton().click();
    await expect(this.page).toHaveURL(/\/cart$/);
    await expect(this.page.getByTestId("cart-line").first()).toBeVisible();
  }

  /** Opens the product, picks the size when the product has a choice, and adds it to the cart. */
  async add(slug: string, size?: string) {
    await this.open(slug);
    if (size && (await this.sizes().isVisible())) await this.chooseSize(size);
    await this.addToCart();
  }
}
