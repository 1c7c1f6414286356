import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { tOrder } from "#core/i18n/en-orders.ts";
import { OrderPayloadSchema, VerifyPaymentSchema } from "#core/order.ts";
import {
  OnlinePaymentAnswerSchema,
  OrderCancelAnswerSchema,
  OrderConfigAnswerSchema,
  PaymentVerificationAnswerSchema,
  PlacedOrderAnswerSchema,
  UserOrdersAnswerSchema,
} from "#core/schemas/answers.ts";
import { ErrorResponseSchema } from "#core/schemas/api.schema.ts";
import { DiscountRefusedSchema } from "#core/schemas/promotions.ts";
import { currentUser, noStore, requireUser, tokenFrom } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, signedIn } from "../../plugins/openapi.ts";
import { isUnauthenticated } from "../../refusal-status.ts";
import { DomainError } from "../../services/errors.ts";
import {
  IdempotencyHeadersSchema,
  type IdempotentCall,
  idempotencyKeyFrom,
} from "../../services/idempotency.ts";
import type { Services } from "../../services/index.ts";

const tags = ["order"];
/** 422: the Idempotency-Key was used with another order, or the discount code is refused (issue 28). */
const unprocessable = z
  // The refusal with its reason first: the general error schema would match it too, without `reason`.
  .union([DiscountRefusedSchema, ErrorResponseSchema])
  .describe(
    "The Idempotency-Key was used with a different order (`idempotency_key_reused`), or the discount code is refused (`discount_refused`, with its `reason`).",
  );
const keyConflict = ErrorResponseSchema.describe(
  "Not enough stock (`out_of_stock`), or a request with the same Idempotency-Key is still running (`in_progress`; Retry-After).",
);

/**
 * SPEC §7 order calls (issue 11): start an online payment, verify it, place a cash-on-delivery order,
 * list the shopper's orders; plus the checkout's settings. The body's userId, prices and amounts are
 * never read: the token says who, the database says what things cost (services/orders.ts).
 */
export default async function orderRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  /** An order call under its Idempotency-Key (decision 0017); a replayed answer says so in a header. */
  async function idempotent<T extends object>(reply: FastifyReply, call: IdempotentCall<T>): Promise<T> {
    const { body, replayed } = await services.idempotency.run(call);
    if (replayed) reply.header("idempotent-replayed", "true");
    return body;
  }
  // GET /api/order/config: public, what the checkout page needs to know.
  app.get(
    "/order/config",
    {
      schema: {
        summary: "The checkout's settings",
        tags,
        response: {
          200: OrderConfigAnswerSchema,
          ...errors(),
        },
      },
    },
    // The answer depends on who asks (card payments): no cache keeps it.
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return services.orders.publicConfig(request);
    },
  );

  // Placing: without a valid token, SPEC §5's 'You must be logged in to place an order.'
  await app.register(async (scope) => {
    const placing = scope.withTypeProvider<ApiTypeProvider>();
    if (!placing.hasRequestDecorator("account")) placing.decorateRequest("account", null);
    placing.addHook("onRequest", async (request) => {
      try {
        request.account = await services.accounts.authenticate(tokenFrom(request));
      } catch (error) {
        if (isUnauthenticated(error))
          throw new DomainError("unauthenticated", "unauthorized", tOrder("orderApi.loginRequired"));
        throw error;
      }
    });
    noStore(placing);
    placing.post(
      "/order/paymennt",
      {
        schema: {
          summary: "Place an order to pay online: a pending order, its stock held, and a hosted checkout",
          description:
            "SPEC §3 order payload, plus an optional `discountCode` (issue 28). The server re-prices every line, the code and the delivery fee; the client's prices, discount, amount, COD and userId are ignored. An order that comes to 0 AED is placed at once (`placed: true`, no checkout).",
          tags,
          security: signedIn,
          headers: IdempotencyHeadersSchema,
          body: OrderPayloadSchema,
          response: {
            200: OnlinePaymentAnswerSchema,
            // 404: a measurement profile that is not the shopper's (issue 29).
            ...errors(400, 401, 403, 404, 409, 422, 429, 502, 503),
            409: keyConflict,
            422: unprocessable,
          },
        },
        // Issue 21: card payment not offered to this visitor is refused before anything is held or numbered.
        preValidation: async (request) => services.orders.assertCardPayments(request),
      },
      async (request, reply) => {
        const user = currentUser(request);
        return idempotent(reply, {
          userId: user.id,
          key: idempotencyKeyFrom(request.headers),
          call: "order/paymennt",
          payload: request.body,
          work: (hooks) => services.orders.startOnlinePayment(user, request.body, hooks, request.ip),
          resume: (paymentId) => services.orders.resumeOnlinePayment(user, paymentId),
        });
      },
    );
    placing.post(
      "/order/place",
      {
        schema: {
          summary: "Place a cash-on-delivery order (when the shop offers it)",
          description: "The same payload as /order/paymennt with payment_mode cod; stock is taken at once.",
          tags,
          security: signedIn,
          headers: IdempotencyHeadersSchema,
          body: OrderPayloadSchema,
          response: {
            200: PlacedOrderAnswerSchema,
            ...errors(400, 401, 404, 409, 422, 429, 503),
            409: keyConflict,
            422: unprocessable,
          },
        },
        // 'not offered' is the answer whatever the body says, as it was before the body was checked.
        preValidation: async () => services.orders.assertCashOnDelivery(),
      },
      async (request, reply) => {
        const user = currentUser(request);
        return idempotent(reply, {
          userId: user.id,
          key: idempotencyKeyFrom(request.headers),
          call: "order/place",
          payload: request.body,
          work: (hooks) => services.orders.placeCashOnDelivery(user, request.body, hooks, request.ip),
        });
      },
    );
  });

  await app.register(async (scope) => {
    const account = scope.withTypeProvider<ApiTypeProvider>();
    requireUser(account, services);
    noStore(account);
    account.post(
      "/order/verifyPaymennt",
      {
        schema: {
          summary: "Read back an online payment's outcome after the hosted checkout",
          description: "Only paymentId is read; the rest of the pending record is ignored.",
          tags,
          security: signedIn,
          body: VerifyPaymentSchema,
          response: {
            200: PaymentVerificationAnswerSchema,
            ...errors(400, 401, 404, 429, 503),
          },
        },
      },
      async (request) => services.orders.verifyPayment(currentUser(request), request.body),
    );
    // SPEC §7 POST /api/order/userorders { userId }: the body's userId is ignored; the token says who.
    account.post(
      "/order/userorders",
      {
        schema: {
          summary: "The shopper's placed orders, newest first",
          description: "A userId in the body is ignored: the token says whose orders.",
          tags,
          security: signedIn,
          response: { 200: UserOrdersAnswerSchema, ...errors(401) },
        },
      },
      async (request) => ({
        success: true,
        orders: await services.orders.listUserOrders(currentUser(request)),
      }),
    );
    // Issue 24 (decision 0031): the shopper cancels her own order while it is still 'Order Placed'.
    account.post(
      "/order/:id/cancel",
      {
        schema: {
          summary: "Cancel one's own order within the shop's cancellation window",
          description:
            "Only the token's own order, while it is at 'Order Placed' and within the window (a back-office setting, 24 hours by default). Stock comes back; a card payment is refunded in full (once, however often this is called); a repeat answers the cancelled order.",
          tags,
          security: signedIn,
          params: z.object({ id: z.string().min(1).max(64) }),
          response: {
            200: OrderCancelAnswerSchema,
            ...errors(400, 401, 404, 429, 503),
            409: ErrorResponseSchema.describe(
              "Past 'Order Placed' (`cancel_not_allowed`) or past the cancellation window (`cancel_window_passed`)",
            ),
          },
        },
      },
      async (request) => services.cancellation.cancel(currentUser(request), request.params.id),
    );
  });
}
