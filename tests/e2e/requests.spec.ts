import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAccessible,
  launchBrowser,
  newContext,
  openPage,
  type RunningStore,
  startStore,
  type ViewportName,
} from "./harness.ts";

/**
 * Issue 12's journeys: a contact message refused for a missing field and then sent, and a stitching
 * request refused for a 5-digit pin code and then sent, the form cleared and the reference shown. What
 * the shop received is read from the store's outbox (no SMTP_URL here, so mails are stored, at
 * /dev/outbox.json outside production).
 */

const SHOP_EMAIL = "studio@example.com";
const SHOP_PHONE = "+971 4 555 0100";

let store: RunningStore;
let browser: Browser;

beforeAll(async () => {
  [store, browser] = await Promise.all([
    startStore({ NODE_ENV: "test", SHOP_EMAIL, SHOP_PHONE }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

interface OutboxMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
}

async function outbox(): Promise<OutboxMail[]> {
  const response = await fetch(`${store.baseUrl}/dev/outbox.json`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { mails: OutboxMail[] }).mails;
}

/** The inline error the field's description points at (SPEC §8: errors beside the fields). */
async function errorOf(page: Page, field: Locator): Promise<string | null> {
  const id = await field.getAttribute("aria-describedby");
  if (!id) return null;
  const error = page.locator(`[id="${id}"][data-testid="field-error"]`);
  return (await error.count()) ? error.textContent() : null;
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name"));

function toast(page: Page, title: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
}

describe.each(["phone", "desktop"] as ViewportName[])("a shopper on %s", (viewport) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, viewport, store.baseUrl);
  });
  afterAll(() => context.close());

  it("sends a contact message: a missing subject is refused beside the field, then it is sent", async () => {
    const page = await openPage(context, "/contact");
    await expectAccessible(page);
    const form = page.getByTestId("contact-form");
    const name = `Mariam ${viewport}`;
    await form.getByLabel("Your Name").fill(name);
    await form.getByLabel("Email").fill(`mariam.${viewport}@example.com`);
    await form.getByLabel("Message").fill("Do you ship the Nida abaya to Al Ain?");
    const before = (await outbox()).length;

    await form.getByRole("button", { name: "Send Message" }).click();
    const subject = form.getByLabel("Subject");
    await expect.poll(() => errorOf(page, subject)).toBe("Please enter a subject.");
    await expect.poll(() => subject.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => focusedName(page)).toBe("subject");
    expect((await outbox()).length).toBe(before);

    await subject.fill("Delivery to Al Ain");
    await expect.poll(() => errorOf(page, subject)).toBeNull();
    await form.getByRole("button", { name: "Send Message" }).click();
    const sent = page.getByTestId("request-sent");
    await sent.waitFor();
    await expect.poll(() => sent.textContent()).toContain("Thank you, your message has been sent.");
    const reference = (await page.getByTestId("request-reference").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^MSG-[2-9A-Z]{6}$/);
    await toast(page, "Request submitted").waitFor();
    await expect.poll(() => toast(page, "Request submitted").textContent()).toContain(reference);
    for (const label of ["Your Name", "Email", "Subject", "Message"]) {
      await expect.poll(() => form.getByLabel(label).inputValue()).toBe("");
    }

    const mails = await outbox();
    const toShop = mails.find((m) => m.to === SHOP_EMAIL && m.subject.includes(reference));
    expect(toShop?.subject).toBe(`Message ${reference}: Delivery to Al Ain`);
    expect(toShop?.text).toContain("Do you ship the Nida abaya to Al Ain?");
    expect(
      mails.some((m) => m.to === `mariam.${viewport}@example.com` && m.subject.includes(reference)),
    ).toBe(true);
    await expectAccessible(page);
  });

  it("requests stitching: a 5-digit pin code is refused, then the request is sent, the form cleared and the reference shown", async () => {
    const page = await openPage(context, "/stitching-service");
    await expect.poll(() => page.title()).toBe("Custom Stitching Service in the UAE | Noor Atelier");
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const service = ld.map((text) => JSON.parse(text)).find((item) => item["@type"] === "Service");
    expect(service).toMatchObject({ name: "Custom Stitching Service", provider: { telephone: SHOP_PHONE } });
    await expect
      .poll(() => page.getByTestId("stitching-benefits").locator("h3").allTextContents())
      .toEqual(["Expert Tailoring", "Perfect Fit", "Premium Fabrics", "Quick Turnaround"]);
    const panel = page.getByTestId("stitching-panel");
    for (const text of [
      "7 to 14 business days",
      "Dubai, Sharjah, Ajman, Ras Al Khaimah",
      "Free minor alterations within 15 days",
      "within 24 hours",
      SHOP_PHONE,
      SHOP_EMAIL,
    ]) {
      await expect.poll(() => panel.textContent()).toContain(text);
    }
    await expectAccessible(page);

    // The way to the form is the first thing under the heading.
    await page.getByRole("link", { name: "Request stitching" }).click();
    const form = page.getByTestId("stitching-form");
    const name = `Huda ${viewport}`;
    await form.getByLabel("Full Name").fill(name);
    await form.getByLabel("Phone Number").fill("050 765 4321");
    await form.getByText("Office", { exact: true }).click();
    await form.getByLabel("Full Address").fill("Office 1402, Bay Square 5, Business Bay");
    await form.getByLabel("City").fill("Dubai");
    const pin = form.getByLabel("Pin Code");
    await pin.fill("12345");
    await form.getByText("Designer Jalabiya", { exact: true }).click();
    await form.getByRole("button", { name: "One item more" }).click();
    await form.getByRole("button", { name: "One item more" }).click();
    await expect.poll(() => form.getByLabel("Number of Items").inputValue()).toBe("3");
    const before = (await outbox()).length;

    await form.getByRole("button", { name: "Submit Request" }).click();
    await expect.poll(() => errorOf(page, pin)).toBe("The pin code must be exactly 6 digits.");
    await expect.poll(() => focusedName(page)).toBe("pinCode");
    expect((await outbox()).length).toBe(before);
    await expectAccessible(page);

    await pin.fill("123456");
    await form.getByRole("button", { name: "Submit Request" }).click();
    const sent = page.getByTestId("request-sent");
    await sent.waitFor();
    await expect.poll(() => sent.textContent()).toContain("Stitching Service Request Submitted Successfully");
    const reference = (await page.getByTestId("request-reference").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^ST-[2-9A-Z]{6}$/);
    await toast(page, "Request submitted").waitFor();

    // SPEC §4: the form is cleared.
    for (const label of ["Full Name", "Phone Number", "Full Address", "City", "Pin Code"]) {
      await expect.poll(() => form.getByLabel(label).inputValue()).toBe("");
    }
    await expect.poll(() => form.getByLabel("Number of Items").inputValue()).toBe("1");
    await expect.poll(() => form.getByRole("radio", { name: "Designer Jalabiya" }).isChecked()).toBe(false);
    await expect.poll(() => form.getByRole("radio", { name: "Home" }).isChecked()).toBe(true);

    const toShop = (await outbox()).find((m) => m.to === SHOP_EMAIL && m.subject.includes(reference));
    expect(toShop?.subject).toBe(`Stitching request ${reference}: Designer Jalabiya, 3 items, ${name}`);
    expect(toShop?.text).toContain("+971507654321");
    expect(toShop?.text).toContain("Office");
    await expectAccessible(page);
  });
});

describe("when the request does not get through", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, "phone", store.baseUrl);
  });
  afterAll(() => context.close());

  it("shows the server's failure, and the shop's e-mail and phone when the shop cannot be reached", async () => {
    const page = await openPage(context, "/stitching-service");
    const form = page.getByTestId("stitching-form");
    await form.getByLabel("Full Name").fill("Offline Shopper");
    await form.getByLabel("Phone Number").fill("050 765 4321");
    await form.getByLabel("Full Address").fill("Villa 9, Al Barsha 2");
    await form.getByLabel("City").fill("Dubai");
    await form.getByLabel("Pin Code").fill("654321");
    await form.getByText("Graceful Abayas", { exact: true }).click();

    await page.route("**/api/stitching/request", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "The shop is closed for maintenance." }),
      }),
    );
    await form.getByRole("button", { name: "Submit Request" }).click();
    const failed = page.getByTestId("request-failed");
    await failed.waitFor();
    await expect.poll(() => failed.textContent()).toContain("The shop is closed for maintenance.");
    await toast(page, "Failed to submit request").waitFor();
    // Nothing the shopper typed is lost.
    await expect.poll(() => form.getByLabel("Full Name").inputValue()).toBe("Offline Shopper");

    await page.unroute("**/api/stitching/request");
    await page.route("**/api/stitching/request", (route) => route.abort("internetdisconnected"));
    await form.getByRole("button", { name: "Submit Request" }).click();
    await expect
      .poll(() => failed.textContent())
      .toContain("We could not reach the stitching service. Please contact the shop by e-mail or phone:");
    await expect
      .poll(() => failed.getByRole("link", { name: SHOP_EMAIL }).getAttribute("href"))
      .toBe(`mailto:${SHOP_EMAIL}`);
    await expect
      .poll(() => failed.getByRole("link", { name: SHOP_PHONE }).getAttribute("href"))
      .toBe("tel:+97145550100");
    await expectAccessible(page);

    const contact = await openPage(context, "/contact");
    const contactForm = contact.getByTestId("contact-form");
    await contactForm.getByLabel("Your Name").fill("Offline Shopper");
    await contactForm.getByLabel("Email").fill("offline@example.com");
    await contactForm.getByLabel("Subject").fill("Hello");
    await contactForm.getByLabel("Message").fill("Are you open on Friday?");
    await contact.route("**/api/contact/send", (route) => route.abort("internetdisconnected"));
    await contactForm.getByRole("button", { name: "Send Message" }).click();
    const contactFailed = contact.getByTestId("request-failed");
    await contactFailed.waitFor();
    await expect
      .poll(() => contactFailed.textContent())
      .toContain("We could not reach our server. Please contact the store directly:");
    await expect.poll(() => contactFailed.getByRole("link", { name: SHOP_EMAIL }).count()).toBe(1);
    await toast(contact, "Failed to send message. Please try again.").waitFor();
  });
});
