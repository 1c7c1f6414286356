import type { Browser, BrowserContext, Page } from "@playwright/test";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import {
  apiOf,
  contextOptions,
  expect,
  mailedCode,
  outboxOf,
  type RunningStore,
  storeOf,
  test,
} from "./fixtures.ts";
import { openPage, type ViewportName, waitForHydration } from "./harness.ts";
import { LoginPage } from "./pages/index.ts";
import { checkScreen, expectToast, fillAddress, toast } from "./shopper.ts";

/**
 * Issue #4's journeys: sign-up with an e-mail code read from the store's dev outbox, addresses, profile,
 * password change, logout, forgot password, a failed login, and Google sign-in through the phone
 * prompt with an ID token signed by a key made here (the store trusts it through GOOGLE_JWKS_JSON).
 */

const GOOGLE_CLIENT_ID = "e2e-client.apps.googleusercontent.com";
const GOOGLE_KID = "e2e-key";

// The key is made when the file is loaded, so the store's environment can name it.
const { publicKey, privateKey } = await generateKeyPair("RS256");
const jwk = { ...(await exportJWK(publicKey)), kid: GOOGLE_KID, alg: "RS256", use: "sig" };
const signGoogleToken = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: GOOGLE_KID, typ: "JWT" })
    .setIssuer("https://accounts.google.com")
    .setAudience(GOOGLE_CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(privateKey);

// NODE_ENV=test: the dev outbox page exists (never in production).
test.use({
  storeEnv: {
    NODE_ENV: "test",
    GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_JSON: JSON.stringify({ keys: [jwk] }),
    OTP_RESEND_SECONDS: "0",
  },
});

let store: RunningStore;
test.beforeAll(async ({ stores }, info) => {
  store = await storeOf(stores, info);
});

/** The code in the newest mail to `email`, once more than `after` mails have gone to it. */
const codeFor = (email: string, after = 0) => mailedCode(store.baseUrl, email, after);

const mailCount = async (email: string) => (await outboxOf(store.baseUrl, email)).length;

/** Google's script stays offline in tests; the credential reaches the page as GIS would hand it over. */
async function offlineGoogle(browser: Browser, viewport: ViewportName): Promise<BrowserContext> {
  const context = await browser.newContext({ ...contextOptions(viewport), baseURL: store.baseUrl });
  await context.route(/accounts\.google\.com/, (route) => route.abort());
  return context;
}

/**
 * Waits for a screen by its heading: after a client-side navigation the address changes a moment before
 * React has drawn the new page.
 */
async function onScreen(page: Page, path: RegExp, heading: string) {
  await page.waitForURL(path);
  await expect(page.locator("h1", { hasText: heading })).toBeVisible();
}

/** The Google button's effects have run: the credential listener is in place. */
async function googleReady(page: Page) {
  await expect(page.getByTestId("google-sign-in-area")).toHaveAttribute("data-state", /ready|failed/);
}

async function typeCode(page: Page, code: string) {
  await page.getByTestId("otp-digit").first().focus();
  await page.keyboard.type(code);
}

async function pasteCode(page: Page, code: string) {
  await page
    .getByTestId("otp-digit")
    .nth(2)
    .evaluate((box, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      box.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
}

async function otpValue(page: Page): Promise<string> {
  return (
    await page
      .getByTestId("otp-digit")
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))
  ).join("");
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("store.token"));
}

/** An account made through the API, its e-mail (if any) left unverified. */
async function register(body: Record<string, string>) {
  const response = await apiOf(store.baseUrl).post("/api/user/register", body);
  expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(200);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
}

const logIn = (page: Page, identifier: string, password: string) =>
  new LoginPage(page).logIn(identifier, password);

test.describe("a shopper at desktop size", () => {
  let context: BrowserContext;
  test.beforeAll(async ({ browser }) => {
    context = await offlineGoogle(browser, "desktop");
  });
  test.afterAll(() => context.close());

  test("signs up, verifies her e-mail, manages addresses and profile, changes and resets her password", async () => {
    test.setTimeout(240_000);
    const email = "mariam.desk@example.com";
    const page = await openPage(context, "/signup");
    await expect(page.locator("h1")).toHaveText("Create Account");
    await expect(page.getByText("Sign up to get started")).toBeVisible();
    await expect(page).toHaveTitle(/Create Account/);
    await checkScreen(page);

    // SPEC §5 Signup: name, phone and password required; the e-mail is not.
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByTestId("field-error")).toHaveCount(3);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).name))
      .toBe("name");

    await page.getByLabel("Full Name").fill("Mariam Khan");
    await page.getByLabel("Phone Number").fill("050 123 4567");
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password\*?$/).fill("first-pass-123");
    // The show/hide toggle reveals the password and hides it again.
    const password = page.getByLabel(/^Password\*?$/);
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Create Account" }).click();

    // SPEC §4 Signup: the e-mail code modal opens, with the address shown and Verify disabled until 6.
    const dialog = page.getByTestId("email-otp-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("otp-email")).toHaveText(email);
    const verify = dialog.getByRole("button", { name: "Verify" });
    await expect(verify).toBeDisabled();
    await checkScreen(page);
    const code = await codeFor(email);
    await typeCode(page, code.slice(0, 5));
    await expect(verify).toBeDisabled();
    await page.keyboard.type("x"); // numbers only
    await expect.poll(() => otpValue(page)).toBe(code.slice(0, 5));
    await page.keyboard.type(code.slice(5));
    await expect(verify).toBeEnabled();
    await verify.click();
    await expectToast(page, "Email Verified");
    // Login, then SPEC §2: a token holder leaves /login for the shop (the cart is empty).
    await onScreen(page, /\/login$/, "Welcome Back");
    await checkScreen(page);
    await logIn(page, email, "first-pass-123");
    await page.waitForURL(/\/shop$/);
    await expect.poll(() => storedToken(page)).toBeTruthy();
    await page.goto("/login");
    await page.waitForURL(/\/shop$/);

    // /account: My Orders is empty until checkout exists.
    await page.goto("/account");
    await waitForHydration(page);
    await expect(
      page.getByTestId("account-greeting").filter({ hasText: "Hello, Mariam Khan" }),
    ).toBeVisible();
    await expect(page.getByTestId("orders-empty")).toBeVisible();
    await expect(page).toHaveTitle(/My Account/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await checkScreen(page);

    // The form's checks (the address schema) are downloaded once the form is drawn, not before: when they
    // cannot be, Save says so and saves nothing (a second tab, whose downloads of them are refused).
    const offline = await page.context().newPage();
    await offline.route("**/assets/account.schema-*.js", (route) => route.abort("internetdisconnected"));
    await offline.goto("/account?tab=addresses&address=new");
    await waitForHydration(offline);
    const unchecked = offline.getByTestId("address-form");
    await fillAddress(unchecked, {
      first: "Mariam",
      address: "Villa 12, Street 4",
      city: "Dubai",
      state: "Dubai",
      postcode: "00000",
    });
    await unchecked.getByRole("button", { name: "Save Address" }).click();
    await expect(unchecked.getByTestId("form-error")).toHaveText(
      "We could not load this section. Please try again.",
    );
    await expect(unchecked.getByLabel("First Name")).toHaveValue("Mariam");
    await offline.close();

    // Addresses: add two; the first becomes primary.
    await page.getByRole("link", { name: "Addresses" }).click();
    await page.waitForURL(/tab=addresses/);
    await expect(page.getByTestId("addresses-empty")).toBeVisible();
    await checkScreen(page);
    await page.getByTestId("add-address").click();
    const form = page.getByTestId("address-form");
    // SPEC §5: e-mail read-only from the account, UAE only, the seven emirates.
    await expect(form.getByLabel("Email")).toHaveValue(email);
    await expect(form.getByLabel("Email")).toHaveAttribute("readonly");
    await expect(form.getByLabel("Country").locator("option")).toHaveText(["United Arab Emirates"]);
    // The first option is the prompt.
    await expect(form.getByLabel("Emirate").locator("option:not(:first-child)")).toHaveText([
      "Abu Dhabi",
      "Dubai",
      "Sharjah",
      "Ajman",
      "Umm Al Quwain",
      "Ras Al Khaimah",
      "Fujairah",
    ]);
    await form.getByRole("button", { name: "Save Address" }).click();
    await expect.poll(() => form.getByTestId("field-error").count()).toBeGreaterThanOrEqual(5);
    await checkScreen(page);
    await fillAddress(form, {
      first: "Mariam",
      address: "Villa 12, Street 4",
      city: "Dubai",
      state: "Dubai",
      postcode: "00000",
    });
    await form.getByRole("button", { name: "Save Address" }).click();
    await expectToast(page, "Address Added");
    const cards = page.getByTestId("address-card");
    await expect(cards).toHaveCount(1);
    await expect(cards.nth(0)).toHaveAttribute("data-primary", "true");

    await page.getByTestId("add-address").click();
    await fillAddress(page.getByTestId("address-form"), {
      first: "Mariam",
      last: "Khan",
      address: "Office 1204, Al Manara Tower",
      city: "Business Bay",
      state: "Dubai",
      postcode: "12345",
      landmark: "Near the metro",
    });
    await page.getByTestId("address-form").getByRole("button", { name: "Save Address" }).click();
    await expectToast(page, "Address Added");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toHaveAttribute("data-primary", "true");
    await checkScreen(page);

    // Set the second as primary.
    await page.getByRole("button", { name: "Set as Primary: address 2" }).click();
    await expectToast(page, "Primary Address Updated");
    await expect(cards.nth(1)).toHaveAttribute("data-primary", "true");
    await expect(cards.nth(0)).toHaveAttribute("data-primary", "false");

    // Edit the first.
    await page.getByRole("link", { name: "Edit address 1" }).click();
    const editForm = page.getByTestId("address-form");
    await expect(editForm.getByLabel("City")).toHaveValue("Dubai");
    await editForm.getByLabel("City").fill("Jumeirah");
    await editForm.getByRole("button", { name: "Save Address" }).click();
    await expectToast(page, "Address Updated");
    await expect(cards.nth(0)).toContainText("Jumeirah");

    // Remove it, after the confirmation.
    await page.getByRole("link", { name: "Remove address 1" }).click();
    const confirm = page.getByTestId("confirm-remove");
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("Are you sure you want to remove this address?");
    await checkScreen(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(cards).toHaveCount(2);
    await page.getByRole("link", { name: "Remove address 1" }).click();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expectToast(page, "Address Removed");
    await expect(cards).toHaveCount(1);
    await expect(cards.nth(0)).toContainText("Al Manara Tower");
    await expect(cards.nth(0)).toHaveAttribute("data-primary", "true");
    // The store left a copy of her session for /checkout only, so its first HTML carries her addresses.
    await expect.poll(() => page.request.get("/checkout").then((r) => r.text())).toContain("Near the metro");

    // Account Settings: profile, then password.
    await page.getByRole("link", { name: "Account Settings" }).click();
    const profile = page.getByTestId("profile-form");
    await expect(profile).toBeVisible();
    await expect(profile.getByLabel("Email")).toHaveValue(email);
    await expect(profile.getByLabel("Phone Number")).toHaveValue("+971 50 123 4567");
    await checkScreen(page);
    await profile.getByLabel("Full Name").fill("Mariam K. Ahmed");
    await profile.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Profile Updated");
    await expect(
      page.getByTestId("account-greeting").filter({ hasText: "Hello, Mariam K. Ahmed" }),
    ).toBeVisible();

    await page.getByRole("button", { name: "Change Password" }).click();
    const passwordForm = page.getByTestId("password-form");
    await passwordForm.getByLabel("Current Password").fill("wrong-current-1");
    await passwordForm.getByLabel("New Password").fill("second-pass-456");
    await passwordForm.getByRole("button", { name: "Update Password" }).click();
    await expectToast(page, "Error");
    await passwordForm.getByLabel("Current Password").fill("first-pass-123");
    await passwordForm.getByRole("button", { name: "Update Password" }).click();
    await expectToast(page, "Password Changed");
    await expect(passwordForm).toHaveCount(0);
    // The change ended the old session; the page goes on with the token the answer handed back.
    await page.reload();
    await expect(
      page.getByTestId("account-greeting").filter({ hasText: "Hello, Mariam K. Ahmed" }),
    ).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/account");

    // Logout clears the token; /account then sends the visitor to /login.
    await page.getByTestId("logout").click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => storedToken(page)).toBeNull();
    await expect
      .poll(() => page.request.get("/checkout").then((r) => r.text()))
      .not.toContain("Near the metro");
    await page.goto("/account");
    await page.waitForURL(/\/login$/);

    // Forgot password: e-mail, the code (pasted), a mismatch, then the new password.
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await onScreen(page, /\/forgot-password$/, "Forgot Password");
    await checkScreen(page);
    const before = await mailCount(email);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Get OTP" }).click();
    await expectToast(page, "OTP Sent");
    const step = page.getByTestId("forgot-step");
    await expect(step).toHaveAttribute("data-step", "otp");
    const verifyOtp = page.getByRole("button", { name: "Verify OTP" });
    await expect(verifyOtp).toBeDisabled();
    await checkScreen(page);
    // 'Didn't receive code? Try again' goes back to the first step.
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(step).toHaveAttribute("data-step", "email");
    await page.getByRole("button", { name: "Get OTP" }).click();
    await expect(step).toHaveAttribute("data-step", "otp");
    const resetCode = await codeFor(email, before + 1);
    await pasteCode(page, resetCode);
    await expect.poll(() => otpValue(page)).toBe(resetCode);
    await verifyOtp.click();
    await expect(step).toHaveAttribute("data-step", "reset");
    await checkScreen(page);
    await page.getByLabel("New Password").fill("third-pass-789");
    await page.getByLabel("Confirm Password").fill("third-pass-780");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Passwords Don't Match", "Please make sure both passwords are the same.");
    await page.getByLabel("Confirm Password").fill("third-pass-789");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password Reset Successful");
    await page.waitForURL(/\/login$/);
    await waitForHydration(page);

    // The old password no longer works; the new one does.
    await logIn(page, email, "second-pass-456");
    await expectToast(page, "Login Failed");
    await page.getByLabel(/^Password\*?$/).fill("third-pass-789");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/shop$/);
    await expect.poll(() => storedToken(page)).toBeTruthy();
    await page.close();
  });
});

test.describe("a shopper at phone size", () => {
  let context: BrowserContext;
  // One context for the describe's journeys, in order: each leaves it signed out.
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ browser }) => {
    context = await offlineGoogle(browser, "phone");
  });
  test.afterAll(() => context.close());

  test("resets a password with a long e-mail, every code box in view, and /login confirms it after the load", async () => {
    const email = "mariam.abdulrahman.alhashimi.shopping@example-family-mail.ae";
    await register({ name: "Mariam Alhashimi", phone: "0557654329", email, password: "mariam-pass-1" });
    const before = await mailCount(email);
    const page = await openPage(context, "/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Get OTP" }).click();
    const step = page.getByTestId("forgot-step");
    await expect(step).toHaveAttribute("data-step", "otp");
    // Nothing wider than the phone: the sixth box and the Verify OTP button are whole and on screen.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    const verifyOtp = page.getByRole("button", { name: "Verify OTP" });
    const sixth = page.getByTestId("otp-digit").nth(5);
    // Both drawn (the page width above has settled): their boxes are read once.
    await expect(sixth).toBeVisible();
    await expect(verifyOtp).toBeVisible();
    for (const box of [await sixth.boundingBox(), await verifyOtp.boundingBox()]) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await checkScreen(page);
    await pasteCode(page, await codeFor(email, before));
    await verifyOtp.click();
    await expect(step).toHaveAttribute("data-step", "reset");
    await page.getByLabel("New Password").fill("mariam-pass-2");
    await page.getByLabel("Confirm Password").fill("mariam-pass-2");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.waitForURL(/\/login$/);
    await waitForHydration(page);
    // A fresh page: the toast it shows is /login's own.
    await expectToast(page, "Password Reset Successful", "Sign in with your new password.");
    await page.reload();
    await waitForHydration(page);
    // Hydrated means the page's effects have run; a toast they raised is drawn by the next frames.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect(toast(page, "Password Reset Successful")).toHaveCount(0);
    await page.close();
  });

  test("sees 'Login Failed' for a wrong password, then signs in with her phone number", async () => {
    await register({ name: "Huda Saleh", phone: "0551234567", password: "huda-pass-123" });
    const page = await openPage(context, "/login");
    await checkScreen(page);
    await logIn(page, "055 123 4567", "not-her-password");
    await expectToast(page, "Login Failed");
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    await expect.poll(() => storedToken(page)).toBeNull();

    // A token holder with items in the cart is sent to /cart (the line must be a real product's: the
    // log-in merge keeps only what the catalog holds).
    const { products } = (await apiOf(store.baseUrl).get("/api/product/list?limit=1")).body as {
      products: {
        _id: string;
        slug: string;
        name: string;
        price: number;
        colors: string[];
        variants: { filter_value: string }[];
      }[];
    };
    const p = products[0]!;
    await page.evaluate((line) => localStorage.setItem("store.cart", JSON.stringify({ items: [line] })), {
      _id: p._id,
      slug: p.slug,
      name: p.name,
      image: "",
      price: p.price,
      selectedSize: p.variants[0]!.filter_value,
      selectedColor: p.colors[0] ?? "",
      quantity: 1,
    });
    await page.getByLabel(/^Password\*?$/).fill("huda-pass-123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/cart$/);
    await page.goto("/signup");
    await page.waitForURL(/\/cart$/);
    await page.evaluate(() => {
      localStorage.removeItem("store.cart");
      localStorage.removeItem("store.token");
    });
    await page.close();
  });

  test("opens 'Email Not Verified' when an unverified account logs in, and signs in after the code", async () => {
    const email = "noor.phone@example.com";
    await register({ name: "Noor Ali", phone: "0561234567", email, password: "noor-pass-123" });
    const sent = await mailCount(email);
    const page = await openPage(context, "/login");
    await logIn(page, email, "noor-pass-123");
    const dialog = page.getByTestId("email-otp-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toHaveText("Email Not Verified");
    await expect(dialog.getByTestId("otp-email")).toHaveText(email);
    await checkScreen(page);
    // A wrong code shows the server's message inline.
    const code = await codeFor(email, sent);
    const wrong = code === "000000" ? "111111" : "000000";
    await typeCode(page, wrong);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expect(dialog.getByTestId("otp-error")).toBeVisible();
    await expect(dialog.getByTestId("otp-error")).toHaveText(/OTP|code/i);
    await pasteCode(page, code);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expectToast(page, "Email Verified");
    await page.waitForURL(/\/shop$/);
    await expect.poll(() => storedToken(page)).toBeTruthy();
    await page.evaluate(() => localStorage.removeItem("store.token"));
    await page.close();
  });

  test("signs up with Google through the phone prompt", async () => {
    const page = await openPage(context, "/signup");
    // With a client id configured, the Google button is live (its script is kept offline here).
    await googleReady(page);
    const credential = await signGoogleToken({
      sub: "google-user-1",
      email: "fatima.google@example.com",
      email_verified: true,
      name: "Fatima Google",
    });
    await page.evaluate(
      (c) => window.dispatchEvent(new CustomEvent("google-credential", { detail: { credential: c } })),
      credential,
    );
    const dialog = page.getByTestId("phone-dialog");
    await expect(dialog).toBeVisible();
    await checkScreen(page);
    await dialog.getByLabel("Phone Number").fill("12345");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByTestId("field-error")).toBeVisible();
    await dialog.getByLabel("Phone Number").fill("+971 52 765 4321");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/shop$/);
    await expect.poll(() => storedToken(page)).toBeTruthy();
    await page.goto("/account?tab=settings");
    await waitForHydration(page);
    const profile = page.getByTestId("profile-form");
    await expect(profile).toBeVisible();
    await expect(profile.getByLabel("Email")).toHaveValue("fatima.google@example.com");
    // Shown as people write it, not as stored (+971527654321).
    await expect(profile.getByLabel("Phone Number")).toHaveValue("+971 52 765 4321");
    await checkScreen(page);
    await page.getByTestId("logout").click();
    await onScreen(page, /\/login$/, "Welcome Back");
    await googleReady(page);

    // Signing in again with Google needs no phone: the account exists.
    const again = await signGoogleToken({
      sub: "google-user-1",
      email: "fatima.google@example.com",
      email_verified: true,
      name: "Fatima Google",
    });
    await page.evaluate(
      (c) => window.dispatchEvent(new CustomEvent("google-credential", { detail: { credential: c } })),
      again,
    );
    await page.waitForURL(/\/shop$/);
    await page.evaluate(() => localStorage.removeItem("store.token"));
    await page.close();
  });

  test("sends a visitor from /account to /login, and says when Google sign-in fails", async () => {
    const page = await openPage(context, "/account");
    await onScreen(page, /\/login$/, "Welcome Back");
    await googleReady(page);
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent("google-credential", { detail: { credential: "not-a-token" } })),
    );
    await expectToast(page, "Google Login Failed");
    await page.close();
  });
});
