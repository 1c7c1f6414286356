import type { BrowserContext, Locator, Page } from "@playwright/test";
import { contextOptions, expect, outboxOf, type RunningStore, storeOf, test } from "./fixtures.ts";
import { expectAccessible, openPage, type ViewportName } from "./harness.ts";
import { toast } from "./shopper.ts";

/**
 * Issue 12's journeys: a contact message refused for a missing field and then sent, and a stitching
 * request refused for a 5-digit pin code and then sent, the form cleared and the reference shown. What
 * the shop received is read from the store's outbox (no SMTP_URL here, so mails are stored, at
 * /dev/outbox.json outside production).
 */

const SHOP_EMAIL = "studio@example.com";
const SHOP_PHONE = "+971 4 555 0100";

test.use({ storeEnv: { NODE_ENV: "test", SHOP_EMAIL, SHOP_PHONE } });

let store: RunningStore;

test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
});

const outbox = () => outboxOf(store.baseUrl);

/** The inline error the field's description points at (SPEC §8: errors beside the fields). */
async function errorOf(page: Page, field: Locator): Promise<string | null> {
  const id = await field.getAttribute("aria-describedby");
  if (!id) return null;
  const error = page.locator(`[id="${id}"][data-testid="field-error"]`);
  return (await error.count()) ? error.textContent() : null;
}

/**
 * Watches for a toast from before the tap that raises it: a toast lasts a few seconds, and on a busy
 * machine the checks before it could outlast it. Its text, once shown.
 */
function watchToast(page: Page, title: string): Promise<string> {
  const item = toast(page, title);
  return item.waitFor({ state: "visible" }).then(async () => (await item.textContent()) ?? "");
}

/** The element that has the focus. */
const focused = (page: Page) => page.locator(":focus");

for (const viewport of ["phone", "desktop"] as ViewportName[]) {
  test.describe(`a shopper on ${viewport}`, () => {
    let context: BrowserContext;
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
    });
    test.afterAll(() => context.close());

    test("sends a contact message: a missing subject is refused beside the field, then it is sent", async () => {
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
      await expect(subject).toHaveAttribute("aria-invalid", "true");
      await expect(focused(page)).toHaveAttribute("name", "subject");
      // Refused in the page: nothing went to the shop.
      expect((await outbox()).length).toBe(before);

      await subject.fill("Delivery to Al Ain");
      await expect.poll(() => errorOf(page, subject)).toBeNull();
      const submitted = watchToast(page, "Request submitted");
      await form.getByRole("button", { name: "Send Message" }).click();
      const sent = page.getByTestId("request-sent");
      await expect(sent).toBeVisible();
      await expect(sent).toContainText("Thank you, your message has been sent.");
      const referenceText = page.getByTestId("request-reference");
      await expect(referenceText).toHaveText(/^MSG-[2-9A-Z]{6}$/);
      const reference = (await referenceText.textContent())?.trim() ?? "";
      expect(await submitted).toContain(reference);
      for (const label of ["Your Name", "Email", "Subject", "Message"]) {
        await expect(form.getByLabel(label)).toHaveValue("");
      }

      const toShop = () =>
        outbox().then((m) => m.find((x) => x.to === SHOP_EMAIL && x.subject.includes(reference)));
      await expect
        .poll(async () => (await toShop())?.subject)
        .toBe(`Message ${reference}: Delivery to Al Ain`);
      expect((await toShop())?.text).toContain("Do you ship the Nida abaya to Al Ain?");
      await expect
        .poll(async () =>
          (await outbox()).some(
            (m) => m.to === `mariam.${viewport}@example.com` && m.subject.includes(reference),
          ),
        )
        .toBe(true);
      await expectAccessible(page);
    });

    test("requests stitching: a 5-digit pin code is refused, then the request is sent, the form cleared and the reference shown", async () => {
      // Three axe passes over the long service page: near a minute on a busy two-core machine.
      test.slow();
      const page = await openPage(context, "/stitching-service");
      await expect(page).toHaveTitle("Custom Stitching Service in the UAE | Noor Atelier");
      await expect
        .poll(async () => {
          const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
          return ld.map((text) => JSON.parse(text)).find((item) => item["@type"] === "Service");
        })
        .toMatchObject({ name: "Custom Stitching Service", provider: { telephone: SHOP_PHONE } });
      await expect(page.getByTestId("stitching-benefits").locator("h3")).toHaveText([
        "Expert Tailoring",
        "Perfect Fit",
        "Premium Fabrics",
        "Quick Turnaround",
      ]);
      const panel = page.getByTestId("stitching-panel");
      for (const text of [
        "7 to 14 business days",
        "Dubai, Sharjah, Ajman, Ras Al Khaimah",
        "Free minor alterations within 15 days",
        "within 24 hours",
        SHOP_PHONE,
        SHOP_EMAIL,
      ]) {
        await expect(panel).toContainText(text);
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
      await expect(form.getByLabel("Number of Items")).toHaveValue("3");
      const before = (await outbox()).length;

      await form.getByRole("button", { name: "Submit Request" }).click();
      await expect.poll(() => errorOf(page, pin)).toBe("The pin code must be exactly 6 digits.");
      await expect(focused(page)).toHaveAttribute("name", "pinCode");
      // Refused in the page: nothing went to the shop.
      expect((await outbox()).length).toBe(before);
      await expectAccessible(page);

      await pin.fill("123456");
      const submitted = watchToast(page, "Request submitted");
      await form.getByRole("button", { name: "Submit Request" }).click();
      const sent = page.getByTestId("request-sent");
      await expect(sent).toBeVisible();
      await expect(sent).toContainText("Stitching Service Request Submitted Successfully");
      const referenceText = page.getByTestId("request-reference");
      await expect(referenceText).toHaveText(/^ST-[2-9A-Z]{6}$/);
      const reference = (await referenceText.textContent())?.trim() ?? "";
      await submitted;

      // SPEC §4: the form is cleared.
      for (const label of ["Full Name", "Phone Number", "Full Address", "City", "Pin Code"]) {
        await expect(form.getByLabel(label)).toHaveValue("");
      }
      await expect(form.getByLabel("Number of Items")).toHaveValue("1");
      await expect(form.getByRole("radio", { name: "Designer Jalabiya" })).not.toBeChecked();
      await expect(form.getByRole("radio", { name: "Home" })).toBeChecked();

      const toShop = () =>
        outbox().then((m) => m.find((x) => x.to === SHOP_EMAIL && x.subject.includes(reference)));
      await expect
        .poll(async () => (await toShop())?.subject)
        .toBe(`Stitching request ${reference}: Designer Jalabiya, 3 items, ${name}`);
      expect((await toShop())?.text).toContain("+971507654321");
      expect((await toShop())?.text).toContain("Office");
      await expectAccessible(page);
    });
  });
}

test.describe("when the request does not get through", () => {
  let context: BrowserContext;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ ...contextOptions("phone"), baseURL: store.baseUrl });
  });
  test.afterAll(() => context.close());

  test("shows the server's failure, and the shop's e-mail and phone when the shop cannot be reached", async () => {
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
    const refused = watchToast(page, "Failed to submit request");
    await form.getByRole("button", { name: "Submit Request" }).click();
    const failed = page.getByTestId("request-failed");
    await expect(failed).toBeVisible();
    await expect(failed).toContainText("The shop is closed for maintenance.");
    await refused;
    // Nothing the shopper typed is lost.
    await expect(form.getByLabel("Full Name")).toHaveValue("Offline Shopper");

    await page.unroute("**/api/stitching/request");
    await page.route("**/api/stitching/request", (route) => route.abort("internetdisconnected"));
    await form.getByRole("button", { name: "Submit Request" }).click();
    await expect(failed).toContainText(
      "We could not reach the stitching service. Please contact the shop by e-mail or phone:",
    );
    await expect(failed.getByRole("link", { name: SHOP_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SHOP_EMAIL}`,
    );
    await expect(failed.getByRole("link", { name: SHOP_PHONE })).toHaveAttribute("href", "tel:+97145550100");
    await expectAccessible(page);

    const contact = await openPage(context, "/contact");
    const contactForm = contact.getByTestId("contact-form");
    await contactForm.getByLabel("Your Name").fill("Offline Shopper");
    await contactForm.getByLabel("Email").fill("offline@example.com");
    await contactForm.getByLabel("Subject").fill("Hello");
    await contactForm.getByLabel("Message").fill("Are you open on Friday?");
    await contact.route("**/api/contact/send", (route) => route.abort("internetdisconnected"));
    const unsent = watchToast(contact, "Failed to send message. Please try again.");
    await contactForm.getByRole("button", { name: "Send Message" }).click();
    const contactFailed = contact.getByTestId("request-failed");
    await expect(contactFailed).toBeVisible();
    await expect(contactFailed).toContainText(
      "We could not reach our server. Please contact the store directly:",
    );
    await expect(contactFailed.getByRole("link", { name: SHOP_EMAIL })).toHaveCount(1);
    await unsent;
  });
});
