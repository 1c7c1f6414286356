import "./zod-setup.ts";
import { z } from "zod";
import { PAYMENT_VERIFY_STATUSES } from "../constants.ts";
import { ErrorCodeSchema } from "../error-codes.ts";
import { LangQuerySchema } from "../locale.ts";
import {
  AddressListSchema,
  CartDataSchema,
  OrderSchema,
  ok,
  UserSchema,
  WishlistSchema,
} from "./api.schema.ts";
import {
  AddressDtoSchema,
  BlogPostDtoSchema,
  CartQuoteLineSchema,
  OwnReviewDtoSchema,
  ProductDtoSchema,
  ReviewDtoSchema,
  ReviewSummaryDtoSchema,
} from "./dto.schema.ts";
import { HomeVisitSchema, MyStitchingRequestSchema } from "./measurement-profile.schema.ts";
import { MeasurementProfileSchema } from "./measurements.ts";
import { DeliveryFeesSchema, PlacedWithoutPaymentSchema, QuotePromotionFields } from "./promotions.ts";
import { ALTERATION_STATUSES } from "./quotes.ts";
import { WorkshopAnswerSchema } from "./stitching-styles.ts";

/*
 * The answers (and a few inputs) of the /api routes that no other module names: declared here rather than
 * inline in server/routes/api so that the typed client's map (core/api-operations.ts) can name them too.
 * The browser imports this module's types only, never its code.
 */

/** A call that answers with its outcome's sentence. */
export const MessageAnswerSchema = ok({ message: z.string() }, "The outcome's sentence");

/** Signed in (log-in, Google). */
export const SessionAnswerSchema = ok(
  { message: z.string(), token: z.string(), user: UserSchema },
  "Signed in: the session token for the `token` header, and the account",
);

/** GET /api/user/profile */
export const ProfileAnswerSchema = ok({ user: UserSchema }, "The account");

/** POST /api/user/update */
export const ProfileUpdateAnswerSchema = ok({ message: z.string(), user: UserSchema }, "The updated account");

/** POST /api/user/change-password */
export const PasswordChangeAnswerSchema = ok(
  { message: z.string(), token: z.string() },
  "Changed: the new session token",
);

/** /api/address/*: the address book (get) or a change's sentence. */
export const AddressBookAnswerSchema = ok(
  {
    message: z.string().optional(),
    addresses: AddressListSchema.optional(),
    primaryAddress: AddressDtoSchema.nullable().optional().describe("The primary address (get)"),
  },
  "The shopper's addresses (get) or the outcome's sentence (changes)",
);

/** GET /api/product/list */
export const ProductListAnswerSchema = ok(
  {
    products: z.array(ProductDtoSchema),
    total: z.number(),
    page: z.number().optional(),
    limit: z.number().optional(),
  },
  "The matching products",
);

/** GET /api/blog/list's query. */
export const BlogListQuerySchema = z.object({ lang: LangQuerySchema });

/** GET /api/blog/list */
export const BlogListAnswerSchema = ok({ blogs: z.array(BlogPostDtoSchema) }, "The posts");

/** GET /api/review/product/:productId */
export const ProductReviewsAnswerSchema = ok(
  { reviews: z.array(ReviewDtoSchema), summary: ReviewSummaryDtoSchema },
  "Published reviews, newest first, with the rating summary",
);

/** POST /api/review/can-review */
export const CanReviewAnswerSchema = ok({ canReview: z.boolean() }, "The answer");

/** POST /api/review/user-review */
export const OwnReviewAnswerSchema = ok(
  { review: OwnReviewDtoSchema.nullable() },
  "The review with its status, or null",
);

/** POST /api/review/create */
export const CreatedReviewAnswerSchema = ok(
  { message: z.string(), review: OwnReviewDtoSchema },
  "The review and what happens to it",
);

/** POST /api/cart/quote's query. */
export const CartQuoteQuerySchema = z.object({ lang: LangQuerySchema });

/** POST /api/cart/quote */
export const CartQuoteAnswerSchema = ok(
  {
    lines: z.array(CartQuoteLineSchema),
    subtotalFils: z.number(),
    shippingFils: z.number(),
    totalFils: z.number(),
    itemCount: z.number(),
    canCheckout: z.boolean(),
    /** Issue 29: the ready date of the stitched lines (YYYY-MM-DD, Dubai); null without one. */
    readyBy: z.string().nullable(),
    ...QuotePromotionFields,
  },
  "CartQuote (core/cart.ts): today's prices and stock for each line; the code's discount and the delivery fee (issue 28)",
);

/** /api/cart/*: the shopper's server cart. */
export const CartAnswerSchema = ok({ cartData: CartDataSchema }, "The shopper's server cart after the call");

/** /api/wishlist/*: the shopper's wishlist. */
export const WishlistAnswerSchema = ok({ wishlist: WishlistSchema }, "The shopper's wishlist after the call");

/** GET /api/order/config */
export const OrderConfigAnswerSchema = ok(
  {
    codEnabled: z.boolean(),
    cardPayments: z
      .boolean()
      .describe("Whether this visitor may pay by card (a test payment provider answers only this machine)"),
    vatRate: z.number(),
    trn: z.string().nullable(),
    delivery: DeliveryFeesSchema,
  },
  "Whether cash on delivery and card payment are offered, the VAT rate, the shop's TRN and its delivery fees",
);

/** POST /api/order/paymennt */
export const OnlinePaymentAnswerSchema = z.union([
  ok(
    {
      paymentId: z.string(),
      checkoutUrl: z.string(),
      orderNumber: z.string(),
      message: z.string(),
    },
    "Go to checkoutUrl to pay (a repeat of an Idempotency-Key: the same checkout)",
  ),
  PlacedWithoutPaymentSchema,
]);

/** POST /api/order/place */
export const PlacedOrderAnswerSchema = ok(
  { message: z.string(), orderNumber: z.string(), order: OrderSchema },
  "The placed order (a repeat of an Idempotency-Key: the first answer)",
);

/** POST /api/order/verifyPaymennt */
export const PaymentVerificationAnswerSchema = z
  .object({
    success: z.boolean(),
    status: z.enum(PAYMENT_VERIFY_STATUSES),
    code: ErrorCodeSchema.optional().describe("Why it is not paid (only when success is false)"),
    message: z.string(),
    order: OrderSchema.optional(),
  })
  .describe("paid (success: true, with the order) or not (success: false, with the reason)");

/** POST /api/order/userorders */
export const UserOrdersAnswerSchema = ok({ orders: z.array(OrderSchema) }, "The orders");

/** POST /api/order/:id/cancel */
export const OrderCancelAnswerSchema = ok(
  {
    message: z.string(),
    refund: z
      .enum(["confirmed", "pending", "refused", "void", "none"])
      .describe(
        "The card refund: confirmed, asked without an answer yet (pending), refused (the shop settles it), an authorisation the shop voids by hand (void), or nothing to refund (none)",
      ),
    order: OrderSchema,
  },
  "The cancelled order (a repeat: the same order, no second refund)",
);

/** POST /api/contact/send and /api/stitching/request */
export const RequestReceivedAnswerSchema = ok(
  {
    message: z.string(),
    reference: z.string().optional().describe("The request's reference (absent when nothing was stored)"),
  },
  "Stored, and mailed to the shop",
);

/** GET /api/measurements */
export const MeasurementProfileListAnswerSchema = ok(
  { profiles: z.array(MeasurementProfileSchema) },
  "The shopper's measurement profiles",
);

/** POST and PUT /api/measurements */
export const MeasurementProfileAnswerSchema = ok(
  { message: z.string(), profile: MeasurementProfileSchema },
  "The profile as saved",
);

/** DELETE /api/measurements/:id */
export const MeasurementProfileRemovedAnswerSchema = ok({ message: z.string() }, "The profile is removed");

/** GET /api/stitching/requests */
export const MyStitchingRequestsAnswerSchema = ok(
  { requests: z.array(MyStitchingRequestSchema) },
  "The stitching requests she sent signed in, newest first",
);

/** POST /api/webhooks/paymennt's body. */
export const PaymenntWebhookSchema = z
  .unknown()
  .describe("Paymennt's notification; only a checkout id is taken from it");

/** POST /api/webhooks/paymennt */
export const WebhookAnswerSchema = z.object({ received: z.literal(true) }).describe("Acknowledged");

/** GET and PUT /api/admin/inbox/stitching/:id/measurements */
export const HomeVisitAnswerSchema = z.strictObject({ success: z.literal(true), visit: HomeVisitSchema });

/** POST /api/admin/orders/:id/lines/:lineId/step */
export const WorkStepAnswerSchema = WorkshopAnswerSchema.extend({ mailed: z.boolean() });

/** GET /api/admin/alterations's query. */
export const AlterationQuerySchema = z.object({ status: z.enum(ALTERATION_STATUSES).optional() });
