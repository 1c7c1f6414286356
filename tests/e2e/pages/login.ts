import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "../harness.ts";

/** /login (SPEC §5): the shopper's sign-in screen. */
export class LoginPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  readonly identifier = () => this.page.getByLabel("Email or Phone");
  readonly password = () => this.page.getByLabel(/^Password\*?$/);
  readonly submit = () => this.page.getByRole("button", { name: "Sign In" });

  async open(path = "/login") {
    await this.page.goto(path);
    await waitForHydration(this.page);
  }

  /** Fills and submits the form (the page must be open). */
  async logIn(identifier: string, password: string) {
    await this.identifier().fill(identifier);
    await this.password().fill(password);
    await this.submit().click();
  }

  /** Signs in and waits for SPEC §2's redirect: the cart when it has items, else the shop. */
  async logInAndLand(identifier: string, password: string) {
    await this.logIn(identifier, password);
    await expect(this.page).toHaveURL(/\/(shop|cart)$/);
  }
}
