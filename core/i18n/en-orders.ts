/**
 * What the order and payment calls say (SPEC §5 Checkout placement, §8 Order and Payment return), the
 * order e-mails, and the payment sandbox's card page. Only the server says these (screens show the
 * messages the calls answer with), so the catalog stays out of `en` and out of the pages' JavaScript:
 * spreading it in cost the product page 1 KiB gzip, over its 150 KB budget. `tOrder()` looks them up
 * with `t()`'s placeholder rules. The prefixes (`orderApi.`, `orderMail.`, `sandbox.`) are its own.
 *
 * Texts SPEC quotes exactly: `orderApi.loginRequired`, `orderApi.addressRequired`, `orderApi.cartEmpty`,
 * `orderApi.initiateFailed`, `orderApi.verifyFailed`, `orderApi.paymentIdMissing`,
 * `orderApi.orderNotFound`, `orderApi.paid` ('Payment Successful'), `orderApi.placed` ('Order placed');
 * the stock texts are the cart's (SPEC §8 Stock).
 */
export const enOrders = {
  "orderApi.loginRequired": "You must be logged in to place an order.",
  "orderApi.addressRequired": "Please select a delivery address.",
  "orderApi.cartEmpty": "Your cart is empty.",
  "orderApi.tooManyLines": "An order can hold at most {max} different items.",
  "orderApi.quantityInvalid": "Please choose a quantity between 1 and {max} for each item.",
  "orderApi.deliveryTypeInvalid": "Please choose next day or same day delivery.",
  "orderApi.lineInvalid": "An item in your cart could not be read. Please remove it and add it again.",
  "orderApi.productGone": "This product is no longer available.",
  "orderApi.skuMismatch": "{item} is not available in size {size}. Please choose the size again.",
  "orderApi.stockShort": "Stock error: Only {n} in stock for {item} ({size})",
  "orderApi.outOfStock": "{item} ({size}) is out of stock",
  "orderApi.methodUnavailable": "This payment method is not available.",
  "orderApi.initiateFailed": "Failed to initiate payment.",
  "orderApi.cardUnavailable": "Card payment is not available on this site at the moment.",
  "orderApi.redirecting": "Redirecting to Payment...",
  "orderApi.paymentIdMissing": "Payment ID not found in URL parameters.",
  "orderApi.orderNotFound": "Order data not found. Please try placing your order again.",
  "orderApi.paid": "Payment Successful",
  "orderApi.verifyFailed": "Payment verification failed.",
  "orderApi.declined": "Your payment was declined.",
  "orderApi.cancelled": "The payment was cancelled.",
  "orderApi.expired": "The payment time ran out. Please place your order again.",
  "orderApi.pending": "Your payment has not been confirmed yet. Please check again in a moment.",
  "orderApi.placed": "Order placed",
  "orderApi.busy": "Many shoppers are ordering right now. Please try again.",
  // Idempotency-Key (decision 0017).
  "orderApi.keyInProgress": "Your order is still being placed. Please wait a moment and try again.",
  "orderApi.keyReused": "This Idempotency-Key was already used for a different order.",
  "orderApi.keyInvalid": "The Idempotency-Key header must be 8 to 200 printable ASCII characters.",
  // A shopper's own cancellation (issue 24; decision 0031).
  "orderApi.cancelNotFound": "This order could not be found among your orders.",
  "orderApi.cancelStatus":
    "This order is already being prepared and can no longer be cancelled here. Contact us if you need to change it.",
  "orderApi.cancelWindow": "The time to cancel this order has passed. Contact us if you need to change it.",
  "orderApi.orderCancelled": "Your order is cancelled.",

  "orderMail.confirmSubject": "Your order {number} at {shop}",
  "orderMail.confirmIntro": "Thank you for your order. We will let you know when it is on its way.",
  "orderMail.shopSubject": "New order {number}: {total}",
  "orderMail.shopIntro": "A new order was placed.",
  "orderMail.order": "Order",
  "orderMail.items": "Items",
  "orderMail.subtotal": "Subtotal",
  "orderMail.discount": "Discount (code {code})",
  "orderMail.shipping": "Shipping",
  "orderMail.free": "Free",
  "orderMail.total": "Total",
  "orderMail.vatIncluded": "VAT included ({rate}%)",
  "orderMail.deliverTo": "Deliver to",
  "orderMail.delivery": "Delivery",
  "orderMail.payment": "Payment",
  "orderMail.paymentOnline": "Paid online by card",
  "orderMail.paymentCod": "Cash on delivery",
  "orderMail.attention": "Needs attention: {reason}",

  "sandbox.title": "Test payment",
  "sandbox.notice": "This is a test payment page: it takes no money. No card is charged and nothing is paid.",
  "sandbox.localOnly":
    "This test payment page answers only on the shop's own computer. The shop takes card payments through its payment provider.",
  "sandbox.cancelIsPost": "Cancel the payment with the Cancel button on its payment page.",
  "sandbox.payTo": "Pay {shop}",
  "sandbox.amount": "Amount",
  "sandbox.order": "Order",
  "sandbox.cardNumber": "Card number",
  "sandbox.expiry": "Expiry (MM/YY)",
  "sandbox.cvc": "CVC",
  "sandbox.name": "Name on card",
  "sandbox.pay": "Pay {amount}",
  "sandbox.cancel": "Cancel",
  "sandbox.testCards": "Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.",
  "sandbox.declined": "Your card was declined.",
  "sandbox.cardInvalid": "Use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.",
  "sandbox.expiryInvalid": "Enter the expiry as MM/YY, in the future.",
  "sandbox.cvcInvalid": "Enter the 3 or 4 digit CVC.",
  "sandbox.nameRequired": "Enter the name on the card.",
  "sandbox.errorSummary": "Please correct the highlighted fields.",
  "sandbox.paid": "Payment received. Returning you to the shop…",
  "sandbox.returnLink": "Return to the shop",
  "sandbox.notFound": "This payment could not be found.",
  "sandbox.done": "This payment is finished ({status}).",
} as const;

export type OrderMessageKey = keyof typeof enOrders;

/** Looks up an order message and fills `{name}` placeholders, as `t()` does for the main catalog. */
export function tOrder(key: OrderMessageKey, values?: Record<string, string | number>): string {
  const template: string = enOrders[key];
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
