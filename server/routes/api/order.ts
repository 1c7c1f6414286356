import type { FastifyInstance } from "fastify";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import type { Services } from "../../services/index.ts";

/** SPEC §7 order calls of the account. Checkout (place, pay, verify) arrives with its own issue. */
export default async function orderRoutes(app: FastifyInstance, { services }: { services: Services }) {
  requireUser(app, services);
  noStore(app);

  // SPEC §7 POST /api/order/userorders { userId }: the body's userId is ignored; the token says who.
  app.post("/order/userorders", async (request) => ({
    success: true,
    orders: await services.accounts.listOrders(currentUser(request)),
  }));
}
