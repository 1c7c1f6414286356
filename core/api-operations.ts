import type { z } from "zod";
import {
  AdminBlogAnswerSchema,
  AdminBlogInputSchema,
  AdminBlogListAnswerSchema,
  AdminBlogQuerySchema,
  AdminCustomerAnswerSchema,
  AdminCustomerListAnswerSchema,
  AdminCustomerQuerySchema,
  AdminLoginSchema,
  AdminOrderAnswerSchema,
  AdminOrderListAnswerSchema,
  AdminOrderMailAnswerSchema,
  AdminOrderQuerySchema,
  AdminProductAnswerSchema,
  AdminProductInputSchema,
  AdminProductListAnswerSchema,
  AdminProductQuerySchema,
  AdminReviewAnswerSchema,
  AdminReviewListAnswerSchema,
  AdminReviewQuerySchema,
  AdminSessionAnswerSchema,
  AuditListAnswerSchema,
  AuditQuerySchema,
  CsvFileSchema,
  DashboardAnswerSchema,
  ImageAltSchema,
  ImageOrderSchema,
  ImagesAnswerSchema,
  InboxItemAnswerSchema,
  InboxListAnswerSchema,
  InboxQuerySchema,
  InboxReplyAnswerSchema,
  InboxReplyInputSchema,
  InboxUpdateSchema,
  MailListAnswerSchema,
  MailListQuerySchema,
  MailResendAnswerSchema,
  OkAnswerSchema,
  OrderNoteCreateSchema,
  OrderStatusChangeSchema,
  OrdersExportQuerySchema,
  SettingsAnswerSchema,
  ShopSettingsUpdateSchema,
  StaffAnswerSchema,
  StaffInviteAnswerSchema,
  StaffInviteSchema,
  StaffListAnswerSchema,
  StaffRoleSchema,
  StockAdjustmentAnswerSchema,
  StockAdjustmentSchema,
  StockCountSchema,
} from "#core/admin.ts";
import { OrderPayloadSchema, VerifyPaymentSchema } from "#core/order.ts";
import {
  AddressIndexSchema,
  ChangePasswordSchema,
  EditAddressSchema,
  ForgotPasswordSchema,
  GoogleLoginSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  SaveAddressSchema,
  UpdateProfileSchema,
  VerifyEmailOtpSchema,
} from "#core/schemas/account.schema.ts";
import {
  RefundAnswerSchema,
  RefundRequestSchema,
  RefundSummaryAnswerSchema,
} from "#core/schemas/admin/refunds.ts";
import {
  AddressBookAnswerSchema,
  AlterationQuerySchema,
  BlogListAnswerSchema,
  BlogListQuerySchema,
  CanReviewAnswerSchema,
  CartAnswerSchema,
  CartQuoteAnswerSchema,
  CartQuoteQuerySchema,
  CreatedReviewAnswerSchema,
  HomeVisitAnswerSchema,
  MeasurementProfileAnswerSchema,
  MeasurementProfileListAnswerSchema,
  MeasurementProfileRemovedAnswerSchema,
  MessageAnswerSchema,
  MyStitchingRequestsAnswerSchema,
  OnlinePaymentAnswerSchema,
  OrderCancelAnswerSchema,
  OrderConfigAnswerSchema,
  OwnReviewAnswerSchema,
  PasswordChangeAnswerSchema,
  PaymenntWebhookSchema,
  PaymentVerificationAnswerSchema,
  PlacedOrderAnswerSchema,
  ProductListAnswerSchema,
  ProductReviewsAnswerSchema,
  ProfileAnswerSchema,
  ProfileUpdateAnswerSchema,
  RequestReceivedAnswerSchema,
  SessionAnswerSchema,
  UserOrdersAnswerSchema,
  WebhookAnswerSchema,
  WishlistAnswerSchema,
  WorkStepAnswerSchema,
} from "#core/schemas/answers.ts";
import {
  CartAddSchema,
  CartMergeSchema,
  CartUpdateSchema,
  WishlistMergeSchema,
  WishlistProductSchema,
} from "#core/schemas/cart.schema.ts";
import { ProductQuerySchema } from "#core/schemas/catalog.schema.ts";
import { ContactMessageSchema } from "#core/schemas/contact.schema.ts";
import { IssuedDocumentAnswerSchema } from "#core/schemas/document.schema.ts";
import { HomeVisitInputSchema, ProfileInputSchema } from "#core/schemas/measurement-profile.schema.ts";
import {
  PromoQuoteRequestSchema,
  PromotionAnswerSchema,
  PromotionCreateSchema,
  PromotionListAnswerSchema,
  PromotionUpdateSchema,
} from "#core/schemas/promotions.ts";
import {
  AdminRequestQuotesAnswerSchema,
  AlterationAnswerSchema,
  AlterationCreateSchema,
  AlterationListAnswerSchema,
  AlterationStepSchema,
  QuoteAcceptAnswerSchema,
  QuoteAcceptSchema,
  QuoteAnswerSchema,
  QuoteCreateSchema,
  QuoteListAnswerSchema,
  ShopperAlterationsAnswerSchema,
} from "#core/schemas/quotes.ts";
import {
  AdminAfterSaleAnswerSchema,
  AdminReturnListAnswerSchema,
  AdminReturnQuerySchema,
  ReturnAnswerSchema,
  ReturnCreateSchema,
  ReturnDecisionSchema,
  ReturnReceiptSchema,
  ReturnRefundSchema,
  ReturnRefusalSchema,
  ReturnShipmentSchema,
  ShopperAfterSaleAnswerSchema,
} from "#core/schemas/returns.ts";
import { CreateReviewSchema, ReviewProductSchema } from "#core/schemas/review.schema.ts";
import { StitchingRequestSchema } from "#core/schemas/stitching.schema.ts";
import {
  AdminStitchingStyleAnswerSchema,
  AdminStitchingStyleListAnswerSchema,
  StitchingStyleCreateSchema,
  StitchingStylesAnswerSchema,
  StitchingStylesQuerySchema,
  StitchingStyleUpdateSchema,
  WorkStepMoveSchema,
  WorkshopAnswerSchema,
} from "#core/schemas/stitching-styles.ts";

/**
 * The typed client's map (issue 23; docs/decisions/0044-typed-client.md): every /api operation the server
 * registers, named `METHOD /path` as its route declares it, with the very schema objects the route declares
 * (its body, its query, and its answer for each success status). server/api-operations.test.ts compares
 * this map with the routes the app registers, so neither can change without the other.
 *
 * The browser imports this module's types only (`import type`): the answer a client call gets is typed from
 * here, at no cost to any page's JavaScript.
 */
export const apiOperations = {
  "GET /api/product/list": { query: ProductQuerySchema, answers: { 200: ProductListAnswerSchema } },
  "GET /api/blog/list": { query: BlogListQuerySchema, answers: { 200: BlogListAnswerSchema } },
  "POST /api/user/register": { body: RegisterSchema, answers: { 201: MessageAnswerSchema } },
  "POST /api/user/login": { body: LoginSchema, answers: { 200: SessionAnswerSchema } },
  "POST /api/user/verify-email-otp": { body: VerifyEmailOtpSchema, answers: { 200: MessageAnswerSchema } },
  "POST /api/user/forgot-password": { body: ForgotPasswordSchema, answers: { 200: MessageAnswerSchema } },
  "POST /api/user/reset-password": { body: ResetPasswordSchema, answers: { 200: MessageAnswerSchema } },
  "POST /api/user/google-login": {
    body: GoogleLoginSchema,
    answers: { 200: SessionAnswerSchema, 201: SessionAnswerSchema },
  },
  "GET /api/user/profile": { answers: { 200: ProfileAnswerSchema } },
  "POST /api/user/update": { body: UpdateProfileSchema, answers: { 200: ProfileUpdateAnswerSchema } },
  "POST /api/user/change-password": {
    body: ChangePasswordSchema,
    answers: { 200: PasswordChangeAnswerSchema },
  },
  "GET /api/address/get": { answers: { 200: AddressBookAnswerSchema } },
  "POST /api/address/save": { body: SaveAddressSchema, answers: { 201: AddressBookAnswerSchema } },
  "POST /api/address/edit": { body: EditAddressSchema, answers: { 200: AddressBookAnswerSchema } },
  "POST /api/address/remove": { body: AddressIndexSchema, answers: { 200: AddressBookAnswerSchema } },
  "POST /api/address/set-primary": { body: AddressIndexSchema, answers: { 200: AddressBookAnswerSchema } },
  "GET /api/order/config": { answers: { 200: OrderConfigAnswerSchema } },
  "POST /api/order/paymennt": { body: OrderPayloadSchema, answers: { 200: OnlinePaymentAnswerSchema } },
  "POST /api/order/place": { body: OrderPayloadSchema, answers: { 200: PlacedOrderAnswerSchema } },
  "POST /api/order/verifyPaymennt": {
    body: VerifyPaymentSchema,
    answers: { 200: PaymentVerificationAnswerSchema },
  },
  "POST /api/order/userorders": { answers: { 200: UserOrdersAnswerSchema } },
  "POST /api/order/:id/cancel": { answers: { 200: OrderCancelAnswerSchema } },
  "GET /api/order/:id/after-sale": { answers: { 200: ShopperAfterSaleAnswerSchema } },
  "POST /api/order/:id/returns": { body: ReturnCreateSchema, answers: { 200: ReturnAnswerSchema } },
  "GET /api/stitching/quotes": { answers: { 200: QuoteListAnswerSchema } },
  "POST /api/stitching/quotes/:id/accept": {
    body: QuoteAcceptSchema,
    answers: { 200: QuoteAcceptAnswerSchema },
  },
  "GET /api/order/:id/alterations": { answers: { 200: ShopperAlterationsAnswerSchema } },
  "POST /api/order/:id/alterations": {
    body: AlterationCreateSchema,
    answers: { 200: AlterationAnswerSchema },
  },
  "POST /api/webhooks/paymennt": { body: PaymenntWebhookSchema, answers: { 200: WebhookAnswerSchema } },
  "POST /api/contact/send": { body: ContactMessageSchema, answers: { 201: RequestReceivedAnswerSchema } },
  "POST /api/stitching/request": {
    body: StitchingRequestSchema,
    answers: { 201: RequestReceivedAnswerSchema },
  },
  "GET /api/stitching/styles": {
    query: StitchingStylesQuerySchema,
    answers: { 200: StitchingStylesAnswerSchema },
  },
  "GET /api/measurements": { answers: { 200: MeasurementProfileListAnswerSchema } },
  "POST /api/measurements": { body: ProfileInputSchema, answers: { 201: MeasurementProfileAnswerSchema } },
  "PUT /api/measurements/:id": { body: ProfileInputSchema, answers: { 200: MeasurementProfileAnswerSchema } },
  "DELETE /api/measurements/:id": { answers: { 200: MeasurementProfileRemovedAnswerSchema } },
  "GET /api/stitching/requests": { answers: { 200: MyStitchingRequestsAnswerSchema } },
  "GET /api/review/product/:productId": { answers: { 200: ProductReviewsAnswerSchema } },
  "POST /api/review/can-review": { body: ReviewProductSchema, answers: { 200: CanReviewAnswerSchema } },
  "POST /api/review/user-review": { body: ReviewProductSchema, answers: { 200: OwnReviewAnswerSchema } },
  "POST /api/review/create": { body: CreateReviewSchema, answers: { 201: CreatedReviewAnswerSchema } },
  "POST /api/cart/quote": {
    body: PromoQuoteRequestSchema,
    query: CartQuoteQuerySchema,
    answers: { 200: CartQuoteAnswerSchema },
  },
  "POST /api/cart/get": { answers: { 200: CartAnswerSchema } },
  "POST /api/cart/add": { body: CartAddSchema, answers: { 200: CartAnswerSchema } },
  "POST /api/cart/update": { body: CartUpdateSchema, answers: { 200: CartAnswerSchema } },
  "POST /api/cart/clear": { answers: { 200: CartAnswerSchema } },
  "POST /api/cart/merge": { body: CartMergeSchema, answers: { 200: CartAnswerSchema } },
  "GET /api/wishlist": { answers: { 200: WishlistAnswerSchema } },
  "POST /api/wishlist/add": { body: WishlistProductSchema, answers: { 200: WishlistAnswerSchema } },
  "POST /api/wishlist/remove": { body: WishlistProductSchema, answers: { 200: WishlistAnswerSchema } },
  "POST /api/wishlist/merge": { body: WishlistMergeSchema, answers: { 200: WishlistAnswerSchema } },
  "POST /api/admin/login": { body: AdminLoginSchema, answers: { 200: AdminSessionAnswerSchema } },
  "POST /api/admin/logout": { answers: { 200: OkAnswerSchema } },
  "GET /api/admin/me": { answers: { 200: AdminSessionAnswerSchema } },
  "GET /api/admin/dashboard": { answers: { 200: DashboardAnswerSchema } },
  "GET /api/admin/orders": { query: AdminOrderQuerySchema, answers: { 200: AdminOrderListAnswerSchema } },
  "GET /api/admin/orders/:id": { answers: { 200: AdminOrderAnswerSchema } },
  "GET /api/admin/orders/:id/document": { answers: { 200: IssuedDocumentAnswerSchema } },
  "POST /api/admin/orders/:id/status": {
    body: OrderStatusChangeSchema,
    answers: { 200: AdminOrderMailAnswerSchema },
  },
  "POST /api/admin/orders/:id/notes": {
    body: OrderNoteCreateSchema,
    answers: { 200: AdminOrderAnswerSchema },
  },
  "POST /api/admin/orders/:id/mark-paid": { answers: { 200: AdminOrderAnswerSchema } },
  "GET /api/admin/customers": {
    query: AdminCustomerQuerySchema,
    answers: { 200: AdminCustomerListAnswerSchema },
  },
  "GET /api/admin/customers/:id": { answers: { 200: AdminCustomerAnswerSchema } },
  "GET /api/admin/exports/orders.csv": { query: OrdersExportQuerySchema, answers: { 200: CsvFileSchema } },
  "GET /api/admin/exports/products.csv": { answers: { 200: CsvFileSchema } },
  "GET /api/admin/products": {
    query: AdminProductQuerySchema,
    answers: { 200: AdminProductListAnswerSchema },
  },
  "POST /api/admin/products": { body: AdminProductInputSchema, answers: { 201: AdminProductAnswerSchema } },
  "GET /api/admin/products/:id": { answers: { 200: AdminProductAnswerSchema } },
  "PUT /api/admin/products/:id": {
    body: AdminProductInputSchema,
    answers: { 200: AdminProductAnswerSchema },
  },
  "DELETE /api/admin/products/:id": { answers: { 200: OkAnswerSchema } },
  "POST /api/admin/products/:id/stock": {
    body: StockAdjustmentSchema,
    answers: { 200: StockAdjustmentAnswerSchema },
  },
  "POST /api/admin/products/:id/stock/count": {
    body: StockCountSchema,
    answers: { 200: StockAdjustmentAnswerSchema },
  },
  "POST /api/admin/products/:id/publish": { answers: { 200: AdminProductAnswerSchema } },
  "POST /api/admin/products/:id/unpublish": { answers: { 200: AdminProductAnswerSchema } },
  "POST /api/admin/products/:id/archive": { answers: { 200: AdminProductAnswerSchema } },
  "POST /api/admin/products/:id/unarchive": { answers: { 200: AdminProductAnswerSchema } },
  "POST /api/admin/products/:id/images": { answers: { 201: ImagesAnswerSchema } },
  "PUT /api/admin/products/:id/images/order": {
    body: ImageOrderSchema,
    answers: { 200: ImagesAnswerSchema },
  },
  "PATCH /api/admin/products/:id/images/:imageId": {
    body: ImageAltSchema,
    answers: { 200: ImagesAnswerSchema },
  },
  "DELETE /api/admin/products/:id/images/:imageId": { answers: { 200: ImagesAnswerSchema } },
  "GET /api/admin/reviews": { query: AdminReviewQuerySchema, answers: { 200: AdminReviewListAnswerSchema } },
  "POST /api/admin/reviews/:id/approve": { answers: { 200: AdminReviewAnswerSchema } },
  "POST /api/admin/reviews/:id/reject": { answers: { 200: AdminReviewAnswerSchema } },
  "POST /api/admin/reviews/:id/hide": { answers: { 200: AdminReviewAnswerSchema } },
  "POST /api/admin/reviews/:id/restore": { answers: { 200: AdminReviewAnswerSchema } },
  "GET /api/admin/blog": { query: AdminBlogQuerySchema, answers: { 200: AdminBlogListAnswerSchema } },
  "POST /api/admin/blog": { body: AdminBlogInputSchema, answers: { 201: AdminBlogAnswerSchema } },
  "GET /api/admin/blog/:id": { answers: { 200: AdminBlogAnswerSchema } },
  "PUT /api/admin/blog/:id": { body: AdminBlogInputSchema, answers: { 200: AdminBlogAnswerSchema } },
  "POST /api/admin/blog/:id/publish": { answers: { 200: AdminBlogAnswerSchema } },
  "POST /api/admin/blog/:id/unpublish": { answers: { 200: AdminBlogAnswerSchema } },
  "POST /api/admin/blog/:id/cover": { answers: { 200: AdminBlogAnswerSchema } },
  "GET /api/admin/inbox": { query: InboxQuerySchema, answers: { 200: InboxListAnswerSchema } },
  "GET /api/admin/inbox/:kind/:id": { answers: { 200: InboxItemAnswerSchema } },
  "PATCH /api/admin/inbox/:kind/:id": { body: InboxUpdateSchema, answers: { 200: InboxItemAnswerSchema } },
  "POST /api/admin/inbox/:kind/:id/reply": {
    body: InboxReplyInputSchema,
    answers: { 200: InboxReplyAnswerSchema },
  },
  "GET /api/admin/inbox/stitching/:id/measurements": { answers: { 200: HomeVisitAnswerSchema } },
  "PUT /api/admin/inbox/stitching/:id/measurements": {
    body: HomeVisitInputSchema,
    answers: { 200: HomeVisitAnswerSchema },
  },
  "GET /api/admin/settings": { answers: { 200: SettingsAnswerSchema } },
  "PUT /api/admin/settings": { body: ShopSettingsUpdateSchema, answers: { 200: SettingsAnswerSchema } },
  "GET /api/admin/staff": { answers: { 200: StaffListAnswerSchema } },
  "POST /api/admin/staff": { body: StaffInviteSchema, answers: { 200: StaffInviteAnswerSchema } },
  "PATCH /api/admin/staff/:id": { body: StaffRoleSchema, answers: { 200: StaffAnswerSchema } },
  "DELETE /api/admin/staff/:id": { answers: { 200: OkAnswerSchema } },
  "GET /api/admin/audit": { query: AuditQuerySchema, answers: { 200: AuditListAnswerSchema } },
  "GET /api/admin/mail": { query: MailListQuerySchema, answers: { 200: MailListAnswerSchema } },
  "POST /api/admin/mail/:id/resend": { answers: { 200: MailResendAnswerSchema } },
  "GET /api/admin/orders/:id/refunds": { answers: { 200: RefundSummaryAnswerSchema } },
  "POST /api/admin/orders/:id/refunds": {
    body: RefundRequestSchema,
    answers: { 200: RefundAnswerSchema, 202: RefundAnswerSchema },
  },
  "GET /api/admin/orders/:id/credit-notes/:number": { answers: { 200: IssuedDocumentAnswerSchema } },
  "GET /api/admin/returns": { query: AdminReturnQuerySchema, answers: { 200: AdminReturnListAnswerSchema } },
  "GET /api/admin/orders/:id/after-sale": { answers: { 200: AdminAfterSaleAnswerSchema } },
  "POST /api/admin/returns/:id/approve": { body: ReturnDecisionSchema, answers: { 200: ReturnAnswerSchema } },
  "POST /api/admin/returns/:id/refuse": { body: ReturnRefusalSchema, answers: { 200: ReturnAnswerSchema } },
  "POST /api/admin/returns/:id/receive": { body: ReturnReceiptSchema, answers: { 200: ReturnAnswerSchema } },
  "POST /api/admin/returns/:id/refund": { body: ReturnRefundSchema, answers: { 200: ReturnAnswerSchema } },
  "POST /api/admin/returns/:id/ship": { body: ReturnShipmentSchema, answers: { 200: ReturnAnswerSchema } },
  "GET /api/admin/inbox/stitching/:id/quotes": { answers: { 200: AdminRequestQuotesAnswerSchema } },
  "POST /api/admin/inbox/stitching/:id/quote": {
    body: QuoteCreateSchema,
    answers: { 200: QuoteAnswerSchema },
  },
  "POST /api/admin/quotes/:id/withdraw": { answers: { 200: QuoteAnswerSchema } },
  "GET /api/admin/alterations": {
    query: AlterationQuerySchema,
    answers: { 200: AlterationListAnswerSchema },
  },
  "POST /api/admin/alterations/:id/step": {
    body: AlterationStepSchema,
    answers: { 200: AlterationAnswerSchema },
  },
  "GET /api/admin/promotions": { answers: { 200: PromotionListAnswerSchema } },
  "POST /api/admin/promotions": { body: PromotionCreateSchema, answers: { 200: PromotionAnswerSchema } },
  "PATCH /api/admin/promotions/:id": { body: PromotionUpdateSchema, answers: { 200: PromotionAnswerSchema } },
  "GET /api/admin/stitching-styles": { answers: { 200: AdminStitchingStyleListAnswerSchema } },
  "GET /api/admin/stitching-styles/:id": { answers: { 200: AdminStitchingStyleAnswerSchema } },
  "POST /api/admin/stitching-styles": {
    body: StitchingStyleCreateSchema,
    answers: { 200: AdminStitchingStyleAnswerSchema },
  },
  "PATCH /api/admin/stitching-styles/:id": {
    body: StitchingStyleUpdateSchema,
    answers: { 200: AdminStitchingStyleAnswerSchema },
  },
  "POST /api/admin/stitching-styles/:id/image": { answers: { 200: AdminStitchingStyleAnswerSchema } },
  "GET /api/admin/orders/:id/workshop": { answers: { 200: WorkshopAnswerSchema } },
  "POST /api/admin/orders/:id/lines/:lineId/step": {
    body: WorkStepMoveSchema,
    answers: { 200: WorkStepAnswerSchema },
  },
} as const;

export type ApiOperations = typeof apiOperations;
export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Operation = keyof ApiOperations;

/**
 * The strings that reach a declared path: a `:param` segment is any text, and a query may follow. A call
 * site writes `/api/order/${id}/cancel`; TypeScript gives that template a template literal type when it is
 * contextually typed by one, so it matches `/api/order/:id/cancel` here.
 */
type Reaching<Path extends string> = Path extends `:${string}/${infer Rest}`
  ? `${string}/${Reaching<Rest>}`
  : Path extends `:${string}`
    ? string
    : Path extends `${infer Segment}/${infer Rest}`
      ? `${Segment}/${Reaching<Rest>}`
      : Path;
type Called<Path extends string> = Reaching<Path> | `${Reaching<Path>}?${string}`;
type CalledAs<O> = O extends `${ApiMethod} ${infer Path}` ? Called<Path> : never;

/** Every path a call with this method may name. */
export type ApiPath<M extends ApiMethod> = {
  [O in Operation]: O extends `${M} ${infer Path}` ? Called<Path> : never;
}[Operation];

/** The operations of method M whose path `P` reaches. */
type Reached<M extends ApiMethod, P extends string> = {
  [O in Operation]: O extends `${M} ${infer Path}` ? (P extends Called<Path> ? O : never) : never;
}[Operation];

/**
 * The one operation a call means: of those it reaches, the most specific (an exact literal path before a
 * pattern: `/api/user/profile` before `/api/user/:id`, `…/stitching/:id/quotes` before `…/:kind/:id`).
 */
/** Whether operation A's paths are a strict part of B's (`/api/user/profile` of `/api/user/:id`). */
type Narrower<A, B> =
  CalledAs<A> extends CalledAs<B> ? (CalledAs<B> extends CalledAs<A> ? false : true) : false;

type MostSpecific<All extends Operation, O extends Operation = All> = O extends Operation
  ? true extends { [Other in Exclude<All, O>]: Narrower<Other, O> }[Exclude<All, O>]
    ? never
    : O
  : never;

/** A path that is one of several (`edit ? \`/api/x/${id}\` : "/api/x"`) means each of its operations. */
export type ApiOperation<M extends ApiMethod, P extends string> = P extends string
  ? MostSpecific<Reached<M, P>>
  : never;

/** What operation O answers on success (its statuses' schemas' input: the JSON as sent), per operation. */
type AnswerOf<O> = O extends Operation
  ? z.input<ApiOperations[O]["answers"][keyof ApiOperations[O]["answers"]]>
  : never;

/**
 * The JSON a success of the call answers: what the route's schema for its success statuses accepts. The
 * server's contract check (server/contract.ts) parses every answer it sends with that schema, so this is
 * the type the body has on the wire.
 */
export type ApiAnswer<M extends ApiMethod, P extends string> = 0 extends 1 & P
  ? object // `any` (as TypeScript compares an overload with its implementation): no operation to look up
  : AnswerOf<ApiOperation<M, P>>;

/** What operation O takes as its JSON body (its body schema's input), or `undefined` when it declares none. */
type BodyOf<O> = O extends Operation
  ? ApiOperations[O] extends { body: infer Schema extends z.ZodType }
    ? z.input<Schema>
    : undefined
  : never;

/**
 * The JSON body a call sends: what the route's body schema accepts (its input, as the server parses it),
 * `undefined` for an operation that declares no body (the multipart uploads declare none: their parts are
 * read from the stream, not by a schema).
 */
export type ApiBody<M extends ApiMethod, P extends string> = 0 extends 1 & P
  ? unknown // `any`, as for ApiAnswer
  : BodyOf<ApiOperation<M, P>>;
