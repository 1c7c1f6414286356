import { describe, expect, it } from "vitest";
import {
  buildOrderPayload,
  isDeliveryType,
  orderFailureText,
  pendingPaymentRecord,
  toOrderAddress,
} from "./checkout.ts";
import { t } from "./i18n/index.ts";

const address = toOrderAddress({
  first_name: "Mariam",
  address: "Villa 12, Street 4",
  city: "Dubai",
  state: "Dubai",
  postcode: "00000",
  country: "UAE",
  email: "mariam@example.com",
});

const lines = [
  {
    productId: "p1",
    sku: "NA-ABY-01-M",
    image: "/media/products/p1.webp",
    name: "Noor Abaya",
    size: "M/54",
    color: "Black",
    quantity: 2,
    unitPriceFils: 45000,
  },
  {
    productId: "p2",
    sku: "NA-JAL-02-S",
    image: "/media/products/p2.webp",
    name: "Layla Jalabiya",
    size: "S/52",
    color: "Emerald",
    quantity: 1,
    unitPriceFils: 29950,
  },
];

describe("SPEC §3 order payload", () => {
  it("carries the server's prices as AED text, the chosen address and delivery type, and zero charges", () => {
    const payload = buildOrderPayload({
      userId: "u1",
      address,
      lines,
      totalFils: 119950,
      paymentMode: "online",
      deliveryType: "same day delivery",
    });
    expect(payload).toEqual({
      userId: "u1",
      order_id: "",
      amount: "1199.5",
      address,
      delivery_type: "same day delivery",
      price: {
        payment_mode: "online",
        currency_code: "AED",
        delivery_type: "same day delivery",
        shipping_charges: "0",
        COD: "0",
        tax: "0",
        extra_charges: "0",
      },
      line_items: [
        {
          product_id: "p1",
          sku_id: "NA-ABY-01-M",
          image: "/media/products/p1.webp",
          quantity: "2",
          price: "450",
          name: "Noor Abaya",
          size: "M/54",
          color: "Black",
        },
        {
          product_id: "p2",
          sku_id: "NA-JAL-02-S",
          image: "/media/products/p2.webp",
          quantity: "1",
          price: "299.5",
          name: "Layla Jalabiya",
          size: "S/52",
          color: "Emerald",
        },
      ],
    });
  });

  it("sends the total as COD only for cash on delivery, and next day delivery by default", () => {
    const payload = buildOrderPayload({
      userId: "u1",
      address,
      lines,
      totalFils: 119950,
      paymentMode: "cod",
    });
    expect(payload.price.COD).toBe("1199.5");
    expect(payload.price.payment_mode).toBe("cod");
    expect(payload.delivery_type).toBe("next day delivery");
    expect(payload.price.delivery_type).toBe("next day delivery");
  });

  it("keeps only the address fields SPEC §3 names, every one as text", () => {
    const sent = toOrderAddress({ ...address, _id: "a1", landmark: undefined } as never);
    expect(Object.keys(sent).sort()).toEqual(
      [
        "address",
        "city",
        "country",
        "email",
        "first_name",
        "landmark",
        "last_name",
        "phone",
        "postcode",
        "state",
      ].sort(),
    );
    expect(sent.landmark).toBe("");
    expect(sent.last_name).toBe("");
  });

  it("keeps the pending record SPEC §3 describes: payment id, user, address, price with delivery type, lines", () => {
    const payload = buildOrderPayload({
      userId: "u1",
      address,
      lines,
      totalFils: 119950,
      paymentMode: "online",
    });
    const record = pendingPaymentRecord(payload, "chk_123", 1_700_000_000_000);
    expect(record).toEqual({
      paymentId: "chk_123",
      userId: "u1",
      address,
      price: payload.price,
      line_items: payload.line_items,
      createdAt: 1_700_000_000_000,
    });
    expect(record.price.delivery_type).toBe("next day delivery");
  });

  it("knows SPEC §9's two delivery types and nothing else", () => {
    expect(isDeliveryType("next day delivery")).toBe(true);
    expect(isDeliveryType("same day delivery")).toBe(true);
    expect(isDeliveryType("express")).toBe(false);
  });
});

describe("the text a failed Place Order shows (SPEC §8 Order)", () => {
  const shown = (answer: { success: boolean; status: number; message?: string }, online: boolean) => {
    const failure = orderFailureText(answer, online);
    return "key" in failure ? t(failure.key) : failure.message;
  };

  it("says 'Failed to place order. Please try again.' when the call never got an answer", () => {
    for (const online of [true, false]) {
      expect(shown({ success: false, status: 0, message: "Failed to fetch" }, online)).toBe(
        "Failed to place order. Please try again.",
      );
    }
  });

  it("shows the server's refusal as it is", () => {
    expect(shown({ success: false, status: 400, message: "Please select a delivery address." }, false)).toBe(
      "Please select a delivery address.",
    );
    expect(shown({ success: false, status: 502, message: "Failed to initiate payment." }, true)).toBe(
      "Failed to initiate payment.",
    );
  });

  it("falls back to 'Failed to place order.' or 'Failed to initiate payment.' for a refusal without a message", () => {
    expect(shown({ success: false, status: 200 }, false)).toBe("Failed to place order.");
    expect(shown({ success: false, status: 200 }, true)).toBe("Failed to initiate payment.");
    // A card answer that says success but lacks the payment page's address.
    expect(shown({ success: true, status: 200 }, true)).toBe("Failed to initiate payment.");
  });

  it("treats a failed status without a message (a proxy's error page) as a call that failed", () => {
    expect(shown({ success: false, status: 504 }, false)).toBe("Failed to place order. Please try again.");
    expect(shown({ success: false, status: 503, message: "" }, true)).toBe(
      "Failed to place order. Please try again.",
    );
  });
});
