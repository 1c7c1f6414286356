import { expect, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./harness.ts";

/**
 * A shopper's steps shared by the journeys that need an account: the same log-in, address form, toast
 * and axe checks the accounts journeys perform, so the specs read as the shopper's story.
 */

/** Logs in on /login with an e-mail or phone and a password (the page must be open). */
export async function logIn(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or Phone").fill(identifier);
  await page.getByLabel(/^Password\*?$/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export interface AddressFields {
  first: string;
  last?: string;
  address: string;
  city: string;
  state: string;
  postcode: string;
  landmark?: string;
}

/** Fills the accounts screens' address form (SPEC §5 Address form). */
export async function fillAddress(form: Locator, a: AddressFields) {
  await form.getByLabel("First Name").fill(a.first);
  if (a.last) await form.getByLabel("Last Name").fill(a.last);
  await form.getByLabel(/^Address\*?$/).fill(a.address);
  if (a.landmark) await form.getByLabel("Landmark").fill(a.landmark);
  await form.getByLabel("City").fill(a.city);
  await form.getByLabel("Emirate").selectOption(a.state);
  await form.getByLabel("Postcode").fill(a.postcode);
}

/** A toast with this title (SPEC §8's exact texts). */
export function toast(page: Page, title: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
}

export async function expectToast(page: Page, title: string, description?: string) {
  const item = toast(page, title);
  await item.waitFor({ state: "visible" });
  if (description) await expect.poll(() => item.textContent()).toContain(description);
}

/**
 * Axe on the screen itself, with the toasts closed first (the shell's toast colours are the shell's
 * concern, reported there).
 */
export async function checkScreen(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  const modalOpen = (await page.locator("dialog[open]").count()) > 0;
  for (let i = 0; !modalOpen && i < 10; i++) {
    const open = await toasts.count();
    if (open === 0) break;
    await toasts
      .locator("[data-close-button]")
      .first()
      .click({ force: true, timeout: 1000 })
      .catch(() => {});
    // Until the closed toast has left (or another one replaced it: the loop looks again).
    await expect
      .poll(() => toasts.count(), { timeout: 2000 })
      .toBeLessThan(open)
      .catch(() => {});
  }
  await expect.poll(() => toasts.count(), { timeout: 8000 }).toBe(0);
  await expectAccessible(page);
}
