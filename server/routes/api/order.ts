import type { FastifyInstance } from "fastify";
import { tOrder } from "#core/i18n/en-orders.ts";
import { HttpError } from "../../http-errors.ts";
import { currentUser, noStore, requireUser, tokenFrom } from "../../plugins/auth.ts";
import type { Services } from "../../services/index.ts";

/**
 * SPEC §7 order calls (issue 11): start an online payment, verify it, place a cash-on-delivery order,
 * list the shopper's orders; plus the checkout's settings. The body's userId, prices and amounts are
 * never read: the token says who, the database says what things cost (services/orders.ts).
 */
export default async function orderRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // GET /api/order/config: public, what the checkout page needs to know.
  app.get("/order/config", async () => services.orders.publicConfig());

  // Placing: without a valid token, SPEC §5's 'You must be logged in to place an order.'
  await app.register(async (placing) => {
    if (!placing.hasRequestDecorator("account")) placing.decorateRequest("account", null);
    placing.addHook("onRequest", async (request) => {
      try {
        request.account = await services.accounts.authenticate(tokenFrom(request));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401)
          throw new HttpError(401, tOrder("orderApi.loginRequired"));
        throw error;
      }
    });
    noStore(placing);
    placing.post("/order/paymennt", async (request) =>
      services.orders.startOnlinePayment(currentUser(request), request.body),
    );
    placing.post("/order/place", async (request) =>
      services.orders.placeCashOnDelivery(currentUser(request), request.body),
    );
  });

  await app.register(async (account) => {
    requireUser(account, services);
    noStore(account);
    account.post("/order/verifyPaymennt", async (request) =>
      services.orders.verifyPayment(currentUser(request), request.body),
    );
    // SPEC §7 POST /api/order/userorders { userId }: the body's userId is ignored; the token says who.
    account.post("/order/userorders", async (request) => ({
      success: true,
      orders: await services.orders.listUserOrders(currentUser(request)),
    }));
  });

  // Paymennt's notification: answered at once, the same for any body; the status is re-read from
  // Paymennt in the background (its webhook signature is not published, so the body is never trusted).
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser("*", { parseAs: "string", bodyLimit: 65_536 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      }
    });
    hooks.post("/webhooks/paymennt", async (request, reply) => {
      services.orders.webhook(request.body);
      return reply.code(200).send({ received: true });
    });
  });
}
