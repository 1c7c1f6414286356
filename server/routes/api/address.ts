import type { FastifyInstance } from "fastify";
import { AddressIndexSchema, EditAddressSchema, SaveAddressSchema } from "#core/schemas/account.schema.ts";
import { parseInput } from "../../http-errors.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import type { Services } from "../../services/index.ts";

/** SPEC §7 address calls: the token's user's list only; addresses are referred to by index. */
export default async function addressRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { accounts } = services;
  requireUser(app, services);
  noStore(app);

  app.get("/address/get", async (request) => ({
    success: true,
    ...(await accounts.listAddresses(currentUser(request))),
  }));

  app.post("/address/save", async (request, reply) => {
    const { address } = parseInput(SaveAddressSchema, request.body);
    const answer = await accounts.saveAddress(currentUser(request), address);
    return reply.code(201).send({ success: true, ...answer });
  });

  app.post("/address/edit", async (request) => {
    const { addressIndex, address } = parseInput(EditAddressSchema, request.body);
    return { success: true, ...(await accounts.editAddress(currentUser(request), addressIndex, address)) };
  });

  app.post("/address/remove", async (request) => {
    const { addressIndex } = parseInput(AddressIndexSchema, request.body);
    return { success: true, ...(await accounts.removeAddress(currentUser(request), addressIndex)) };
  });

  app.post("/address/set-primary", async (request) => {
    const { addressIndex } = parseInput(AddressIndexSchema, request.body);
    return { success: true, ...(await accounts.setPrimary(currentUser(request), addressIndex)) };
  });
}
