/** Page objects of the shopper's main pages; the journeys speak through them where they can. */
export { CartPage } from "./cart.ts";
export { CheckoutPage, SandboxCardPage } from "./checkout.ts";
export { LoginPage } from "./login.ts";
export { ProductPage } from "./product.ts";
