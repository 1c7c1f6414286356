import { CART_SHIPPING_COST_AED, CURRENCY, DEFAULT_DELIVERY_TYPE, DELIVERY_TYPES } from "./constants.ts";
import { filsToAed } from "./money.ts";
import type { OrderPayloadInput } from "./order.ts";
import type { StitchingChoice } from "./stitching-key.ts";

/** SPEC §9 delivery types: 'next day delivery' (default) or 'same day delivery'. */
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
/** SPEC §3 order payload: payment_mode is online (hosted card page) or cod (cash on delivery). */
export type PaymentMode = "online" | "cod";

/** SPEC §3 Address as the order payload carries it (the saved address without its id). */
export interface OrderAddress {
  first_name: string;
  last_name: string;
  address: string;
  landmark: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email: string;
  phone: string;
}

/** What the payload needs from one server-priced cart line (the cart quote's line). */
export interface PricedLine {
  productId: string;
  sku: string;
  image: string;
  name: string;
  size: string;
  color: string;
  quantity: number;
  unitPriceFils: number;
  /** Issue 29: the quote's stitching service, sent back as the shopper chose it. */
  stitching?: { choice: StitchingChoice } | undefined;
}

/**
 * One line of the payload: what the server reads (OrderPayloadLineSchema's input) and what SPEC §3 sends
 * beside it for the pending record (the image, price and name the shopper was shown; never read).
 */
export type OrderPayloadLine = OrderPayloadInput["line_items"][number] & {
  product_id: string;
  sku_id: string;
  image: string;
  quantity: string;
  price: string;
  name: string;
  size: string;
  color: string;
};

export interface OrderPrice {
  payment_mode: PaymentMode;
  currency_code: typeof CURRENCY;
  delivery_type: DeliveryType;
  shipping_charges: string;
  COD: string;
  tax: string;
  extra_charges: string;
}

/**
 * SPEC §3 order payload, as POST /api/order/paymennt and /api/order/place take it: OrderPayloadSchema's
 * input (core/order.ts), with SPEC §3's fields the server never reads (the user comes from the token; the
 * amount, COD and every price from the catalog) as the browser fills them in.
 */
export type OrderPayload = OrderPayloadInput & {
  userId: string;
  order_id: "";
  amount: string;
  address: OrderAddress;
  delivery_type: DeliveryType;
  price: OrderPrice;
  line_items: OrderPayloadLine[];
};

/** SPEC §3 pending online-payment record, kept in browser storage until the payment return. */
export interface PendingPayment {
  paymentId: string;
  userId: string;
  address: OrderAddress;
  price: OrderPrice;
  line_items: OrderPayloadLine[];
  /** When the record was written (ms since epoch), so a stale record can be told from a fresh one. */
  createdAt: number;
}

const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "address",
  "landmark",
  "city",
  "state",
  "postcode",
  "country",
  "email",
  "phone",
] as const satisfies readonly (keyof OrderAddress)[];

/** The saved address's fields as text, without its id or anything else the server keeps beside it. */
export function toOrderAddress(
  address: Partial<Record<keyof OrderAddress, string | undefined>>,
): OrderAddress {
  const result = {} as OrderAddress;
  for (const key of ADDRESS_FIELDS) result[key] = address[key] ?? "";
  return result;
}

export function isDeliveryType(value: unknown): value is DeliveryType {
  return (DELIVERY_TYPES as readonly unknown[]).includes(value);
}

/** AED text as SPEC §3 sends prices ("450", "99.5"). */
function aedText(fils: number): string {
  return String(filsToAed(fils));
}

/**
 * SPEC §3 order payload from the server's quote of the cart. The server re-prices every line and takes
 * the user from the token (CONTRACTS: price, amount, COD and userId are ignored), so these figures only
 * mirror what the shopper was shown. Shipping, tax and extra charges are "0" (SPEC §9); COD carries the
 * total only when paying cash on delivery. The initiation call's lines carry the name (SPEC §7).
 */
export function buildOrderPayload(input: {
  userId: string;
  address: OrderAddress;
  lines: readonly PricedLine[];
  totalFils: number;
  paymentMode: PaymentMode;
  deliveryType?: DeliveryType;
}): OrderPayload {
  const deliveryType = input.deliveryType ?? DEFAULT_DELIVERY_TYPE;
  const amount = aedText(input.totalFils);
  return {
    userId: input.userId,
    order_id: "",
    amount,
    address: input.address,
    delivery_type: deliveryType,
    price: {
      payment_mode: input.paymentMode,
      currency_code: CURRENCY,
      delivery_type: deliveryType,
      shipping_charges: String(CART_SHIPPING_COST_AED),
      COD: input.paymentMode === "cod" ? amount : "0",
      tax: "0",
      extra_charges: "0",
    },
    line_items: input.lines.map((line) => ({
      product_id: line.productId,
      sku_id: line.sku,
      image: line.image,
      quantity: String(line.quantity),
      price: aedText(line.unitPriceFils),
      name: line.name,
      size: line.size,
      color: line.color,
      ...(line.stitching ? { stitching: line.stitching.choice } : {}),
    })),
  };
}

/** SPEC §3 pending record for an initiated online payment. */
export function pendingPaymentRecord(
  payload: OrderPayload,
  paymentId: string,
  now = Date.now(),
): PendingPayment {
  return {
    paymentId,
    userId: payload.userId,
    address: payload.address,
    price: payload.price,
    line_items: payload.line_items,
    createdAt: now,
  };
}

/** Which of SPEC §8's Order texts a failed Place Order shows (the screen's catalog key, or the server's). */
export type OrderFailureText =
  | { key: "order.thrown" | "order.initiateFailed" | "order.placeFailed" }
  | { message: string };

/**
 * SPEC §8 Order, for an answer that did not lead on: a call that never got an answer (the HTTP client's
 * throw, status 0) says 'Failed to place order. Please try again.'; a refusal shows the server's message,
 * and without one 'Failed to initiate payment.' (card) or 'Failed to place order.' (cash on delivery), or
 * the throw's text when the status says the call failed (3xx-5xx without a message, such as a proxy's
 * page); a "success" that lacks what the card payment needs shows the card's fallback.
 */
export function orderFailureText(
  answer: { success: boolean; status: number; message?: string },
  online: boolean,
): OrderFailureText {
  const fallback = online ? "order.initiateFailed" : "order.placeFailed";
  if (answer.status === 0) return { key: "order.thrown" };
  if (answer.success) return { key: fallback };
  if (answer.message) return { message: answer.message };
  return { key: answer.status >= 300 ? "order.thrown" : fallback };
}
