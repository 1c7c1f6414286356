import type { z } from "zod";
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
  AddressBookAnswerSchema,
  BlogListAnswerSchema,
  BlogListQuerySchema,
  CanReviewAnswerSchema,
  CartAnswerSchema,
  CartQuoteAnswerSchema,
  CartQuoteQuerySchema,
  CreatedReviewAnswerSchema,
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
import { ProfileInputSchema } from "#core/schemas/measurement-profile.schema.ts";
import { PromoQuoteRequestSchema } from "#core/schemas/promotions.ts";
import {
  AlterationAnswerSchema,
  AlterationCreateSchema,
  QuoteAcceptAnswerSchema,
  QuoteAcceptSchema,
  QuoteListAnswerSchema,
  ShopperAlterationsAnswerSchema,
} from "#core/schemas/quotes.ts";
import {
  ReturnAnswerSchema,
  ReturnCreateSchema,
  ShopperAfterSaleAnswerSchema,
} from "#core/schemas/returns.ts";
import { CreateReviewSchema, ReviewProductSchema } from "#core/schemas/review.schema.ts";
import { StitchingRequestSchema } from "#core/schemas/stitching.schema.ts";
import { StitchingStylesAnswerSchema, StitchingStylesQuerySchema } from "#core/schemas/stitching-styles.ts";
import { adminApiOperations } from "./api-operations-admin.ts";

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
  ...adminApiOperations,
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
