import { expect, type Locator, type Page } from "@playwright/test";
import { STORAGE_KEYS } from "#core/constants.ts";
import { type AddressFields, fillAddress } from "../shopper.ts";

/** /checkout (SPEC §5): the address, the payment choice, the summary and Place Order. */
export class CheckoutPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  readonly summaryLines = () => this.page.getByTestId("order-summary").getByTestId("summary-line");
  readonly addressForm = () => this.page.getByTestId("address-form");
  readonly placeOrderButton = () => this.page.getByTestId("place-order");

  /** Waits until the summary is drawn. */
  async ready() {
    await expect(this.page).toHaveURL(/\/checkout$/);
    await expect(this.summaryLines().first()).toBeVisible();
  }

  async addAddress(address: AddressFields, form: Locator = this.addressForm()) {
    await fillAddress(form, address);
    await form.getByRole("button", { name: "Save Address" }).click();
  }

  /** Presses Place Order once it is enabled and labelled so (SPEC §2), and sees the busy label. */
  async placeOrder() {
    const button = this.placeOrderButton();
    await expect(button).toHaveText("Place Order");
    await expect(button).toBeEnabled();
    await button.click();
  }

  /** SPEC §3's pending online-payment record, as the page stored it. */
  pendingPayment(): Promise<Record<string, unknown> | null> {
    return this.page.evaluate(
      (k) => JSON.parse(localStorage.getItem(k) ?? "null"),
      STORAGE_KEYS.pendingPayment,
    );
  }
}

/** The payment sandbox's hosted card page (the test double of Paymennt's). */
export class SandboxCardPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async pay(card: string, name = "Mariam Khan") {
    await expect(this.page).toHaveURL(/\/sandbox\/paymennt\/pay\//);
    await expect(this.page).toHaveTitle(/Test payment/);
    await this.page.getByLabel("Card number").fill(card);
    await this.page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await this.page.getByLabel("CVC").fill("123");
    await this.page.getByLabel("Name on card").fill(name);
    await this.page.getByRole("button", { name: /^Pay/ }).click();
  }
}
