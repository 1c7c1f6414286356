import "./schemas/zod-setup.ts";
import { z } from "zod";
import { t } from "#core/i18n/index.ts";
import { DEFAULT_DELIVERY_TYPE, DEFAULT_STOCK_CAP, DELIVERY_TYPES } from "./constants.ts";
import { type OrderMessageKey, tOrder } from "./i18n/en-orders.ts";
import { LanguageSchema } from "./locale.ts";
import type { CancelState } from "./order-cancel.ts";
import { AddressSchema } from "./schemas/account.schema.ts";
import {
  type StitchingSnapshot,
  StitchingSnapshotSchema,
  WORK_STEPS,
  type WorkStep,
} from "./schemas/measurements.ts";
import { StitchingChoiceSchema } from "./schemas/stitched-line.ts";

/**
 * Orders as the API hands them out and the payloads that create them (SPEC §3 Order, Order payload; §7
 * order calls; issue 11). The server re-prices every line: prices, amounts, COD and userId in a payload
 * are read only to be ignored.
 */

export const MAX_ORDER_LINES = 100;

export interface OrderLineDto {
  product_id: string;
  sku_id: string;
  name: string;
  /** The Arabic product name the line was bought under (kept at placement); null: it had none. */
  nameAr: string | null;
  size: string;
  color: string;
  /** The colour's Arabic name (the catalog's colour terms); null: none is written. */
  colorAr: string | null;
  image: string;
  quantity: number;
  /** AED text of one unit, e.g. "450" or "99.5" (SPEC §3 price as text). */
  price: string;
  unitPriceFils: number;
  lineTotalFils: number;
  /** The VAT included in this line (prices are VAT-inclusive). */
  vatFils: number;
  /** Issue 28: this line's share of the order's code discount (absent on an order without one). */
  discountFils?: number;
  /** Issue 29: a made-to-measure line's snapshot of style and measurements; null on a ready-made line. */
  stitching?: StitchingSnapshot | null;
  /** Issue 29: a made-to-measure line's workshop step; null on a ready-made line. */
  workStep?: WorkStep | null;
}

export interface OrderDto {
  _id: string;
  orderNumber: string;
  date: string;
  createdAt: string;
  /** 'Order Placed' | 'Packing' | 'Shipped' | 'Out for Delivery' | 'Delivered' | 'Cancelled'. */
  status: string;
  /** Issue 24: 'partly_refunded' once some (not all) of what was paid is refunded. */
  paymentStatus: "paid" | "unpaid" | "partly_refunded" | "refunded";
  /** Issue 24: whether its shopper may cancel it from My Account now, until when, or why not. */
  cancel: CancelState;
  line_items: OrderLineDto[];
  price: {
    currency_code: "AED";
    payment_mode: "online" | "cod";
    delivery_type: string;
    /** SPEC §3's "0"; the delivery fee's AED text when the shop charges one (issue 28). */
    shipping_charges: string;
    tax: "0";
    extra_charges: "0";
    /** SPEC §3: the total when the method is cash on delivery, otherwise "0". */
    COD: string;
  };
  address: Record<string, string>;
  totals: { subtotalFils: number; shippingFils: number; totalFils: number; vatFils: number };
  /** Issue 28: the discount code the order was placed with and what it took off; absent without one. */
  discount?: { code: string; discountFils: number };
  /** Paid through the test sandbox or Paymennt's test mode: no money was taken (decision 0015). */
  isTest: boolean;
  /** The courier it was shipped with (core/couriers.ts) and its tracking number (issue 26); null before. */
  shipping: { courier: string; trackingNumber: string | null } | null;
  /** The order's issued document as it was issued (decision 0015), never today's settings. */
  invoice: {
    /** 'pending' while an online payment is open: no document is issued yet. */
    kind: "tax_invoice" | "receipt" | "test" | "pending";
    /** The document's number in its series (INV-000001, RCT-000001, TEST-000001). */
    number: string;
    date: string;
    /** 'Tax Invoice', 'Receipt' or the test document's title, and its Arabic. */
    title: string;
    titleAr: string;
    /** A test document's warning in both languages; null otherwise. */
    notice: { en: string; ar: string } | null;
    sellerName: string;
    sellerNameAr: string;
    sellerAddress: string;
    /** Only on a tax invoice. */
    trn: string | null;
    /** Percent, e.g. 5. */
    vatRate: number;
  };
}

const fils = z.number().int().min(0);

/** The same shape as a zod schema, for the screens that read it and for tests. */
export const OrderDtoSchema = z
  .object({
    _id: z.string().min(1),
    orderNumber: z.string().regex(/^NA-\d+$/),
    date: z.string(),
    createdAt: z.string(),
    status: z.string(),
    paymentStatus: z.enum(["paid", "unpaid", "partly_refunded", "refunded"]),
    cancel: z.object({
      allowed: z.boolean(),
      until: z.string().nullable(),
      windowHours: z.number().int(),
      reason: z.enum(["cancelled", "status", "window"]).nullable(),
    }),
    line_items: z.array(
      z.object({
        product_id: z.string(),
        sku_id: z.string(),
        name: z.string(),
        nameAr: z.string().nullable(),
        size: z.string(),
        color: z.string(),
        colorAr: z.string().nullable(),
        image: z.string(),
        quantity: z.number().int().min(1),
        price: z.string(),
        unitPriceFils: fils,
        lineTotalFils: fils,
        vatFils: fils,
        discountFils: fils.optional(),
        stitching: StitchingSnapshotSchema.nullable().optional(),
        workStep: z.enum(WORK_STEPS).nullable().optional(),
      }),
    ),
    price: z.object({
      currency_code: z.literal("AED"),
      payment_mode: z.enum(["online", "cod"]),
      delivery_type: z.string(),
      shipping_charges: z.string(),
      tax: z.literal("0"),
      extra_charges: z.literal("0"),
      COD: z.string(),
    }),
    address: z.record(z.string(), z.string()),
    totals: z.object({ subtotalFils: fils, shippingFils: fils, totalFils: fils, vatFils: fils }),
    discount: z.object({ code: z.string(), discountFils: fils }).optional(),
    isTest: z.boolean(),
    shipping: z.object({ courier: z.string(), trackingNumber: z.string().nullable() }).nullable(),
    invoice: z.object({
      kind: z.enum(["tax_invoice", "receipt", "test", "pending"]),
      number: z.string(),
      date: z.string(),
      title: z.string(),
      titleAr: z.string(),
      notice: z.object({ en: z.string(), ar: z.string() }).nullable(),
      sellerName: z.string(),
      sellerNameAr: z.string(),
      sellerAddress: z.string(),
      trn: z.string().nullable(),
      vatRate: z.number(),
    }),
  })
  .meta({ id: "OrderDto", description: "OrderDto (core/order.ts)" }) satisfies z.ZodType<OrderDto>;

/** The VAT included in a VAT-inclusive amount, to the fils (issue 11: total × rate/(100 + rate) per line). */
export function includedVat(amountFils: number, ratePercent: number): number {
  if (!(ratePercent > 0)) return 0;
  return Math.round((amountFils * ratePercent) / (100 + ratePercent));
}

const say = (key: OrderMessageKey, values?: Record<string, string | number>) => ({
  error: () => tOrder(key, values),
});

const idText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/** One line as the shopper chose it; `price`, `image` and `name` are whatever the browser had. */
export const OrderPayloadLineSchema = z.object(
  {
    product_id: idText.pipe(
      z.string().min(1, say("orderApi.lineInvalid")).max(100, say("orderApi.lineInvalid")),
    ),
    // SPEC §3: the sku of the variant matching the chosen size (its variant id is accepted too).
    sku_id: idText.pipe(z.string().min(1, say("orderApi.lineInvalid")).max(100, say("orderApi.lineInvalid"))),
    quantity: z
      .union(
        [z.number(), z.string().trim().regex(/^\d+$/)],
        say("orderApi.quantityInvalid", { max: DEFAULT_STOCK_CAP }),
      )
      .transform(Number)
      .pipe(
        z
          .number()
          .int(say("orderApi.quantityInvalid", { max: DEFAULT_STOCK_CAP }))
          .min(1, say("orderApi.quantityInvalid", { max: DEFAULT_STOCK_CAP }))
          .max(DEFAULT_STOCK_CAP, say("orderApi.quantityInvalid", { max: DEFAULT_STOCK_CAP })),
      ),
    size: z.string().max(40).optional(),
    color: z.string().max(60).optional(),
    /** Issue 29: 'Stitch it for me' (ids and the shopper's words; the server prices it). */
    stitching: StitchingChoiceSchema.optional(),
  },
  say("orderApi.lineInvalid"),
);
export type OrderPayloadLine = z.output<typeof OrderPayloadLineSchema>;

const deliveryType = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(DELIVERY_TYPES, say("orderApi.deliveryTypeInvalid")));

/**
 * SPEC §3 Order payload, as POST /api/order/paymennt and /api/order/place receive it. The address is
 * checked with the address book's own schema (SPEC §5 Address form); a missing or invalid one is SPEC
 * §5's 'Please select a delivery address.'. The delivery type is read top-level or inside `price`.
 */
export const OrderPayloadSchema = z
  .object(
    {
      address: z.unknown().optional(),
      delivery_type: deliveryType.optional(),
      price: z.object({ delivery_type: deliveryType.optional() }, say("orderApi.lineInvalid")).optional(),
      line_items: z.array(z.unknown(), say("orderApi.cartEmpty")).optional(),
      language: LanguageSchema.optional().default("en"),
      /** Issue 28: one discount code; the server prices it (a discount or total sent is never read). */
      discountCode: z
        .string({ error: "The discount code must be text" })
        .max(64, { error: "The discount code is too long" })
        .optional(),
    },
    { error: () => t("field.body") },
  )
  .transform((body, ctx) => {
    const address = AddressSchema.safeParse(body.address);
    if (!address.success) {
      ctx.addIssue({ code: "custom", message: tOrder("orderApi.addressRequired") });
      return z.NEVER;
    }
    const items = body.line_items ?? [];
    if (items.length === 0) {
      ctx.addIssue({ code: "custom", message: tOrder("orderApi.cartEmpty") });
      return z.NEVER;
    }
    if (items.length > MAX_ORDER_LINES) {
      ctx.addIssue({ code: "custom", message: tOrder("orderApi.tooManyLines", { max: MAX_ORDER_LINES }) });
      return z.NEVER;
    }
    const lines: OrderPayloadLine[] = [];
    for (const item of items) {
      const line = OrderPayloadLineSchema.safeParse(item);
      if (!line.success) {
        ctx.addIssue({
          code: "custom",
          message: line.error.issues[0]?.message ?? tOrder("orderApi.lineInvalid"),
        });
        return z.NEVER;
      }
      lines.push(line.data);
    }
    return {
      address: address.data,
      deliveryType: body.delivery_type ?? body.price?.delivery_type ?? DEFAULT_DELIVERY_TYPE,
      lines,
      language: body.language,
      ...(body.discountCode?.trim() ? { discountCode: body.discountCode.trim().toUpperCase() } : {}),
    };
  });
export type OrderPayload = z.output<typeof OrderPayloadSchema>;

/**
 * The payload as the browser sends it (SPEC §3), typed from the schemas that read it. OrderPayloadSchema
 * takes `address` and `line_items` as unknown only so that a missing or bad one answers SPEC's own text,
 * then checks them with AddressSchema and OrderPayloadLineSchema: their input types are what it accepts.
 * SPEC §3's fields the server never reads (core/checkout.ts adds them) are not part of it.
 */
export type OrderPayloadInput = Omit<z.input<typeof OrderPayloadSchema>, "address" | "line_items"> & {
  address: z.input<typeof AddressSchema>;
  line_items: z.input<typeof OrderPayloadLineSchema>[];
};

/** POST /api/order/verifyPaymennt: only the payment id is read; the rest of the pending record is ignored. */
export const VerifyPaymentSchema = z
  .object({ paymentId: z.unknown().optional() }, { error: () => t("field.body") })
  .transform((body, ctx) => {
    const id = typeof body.paymentId === "string" ? body.paymentId.trim() : "";
    if (!id || id.length > 200) {
      ctx.addIssue({ code: "custom", message: tOrder("orderApi.paymentIdMissing") });
      return z.NEVER;
    }
    return { paymentId: id };
  });
