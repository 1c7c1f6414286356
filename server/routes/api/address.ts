import type { FastifyInstance } from "fastify";
import { AddressIndexSchema, EditAddressSchema, SaveAddressSchema } from "#core/schemas/account.schema.ts";
import { AddressBookAnswerSchema } from "#core/schemas/answers.ts";
import { currentUser, noStore, requireUser } from "../../plugins/auth.ts";
import { type ApiTypeProvider, errors, signedIn } from "../../plugins/openapi.ts";
import type { Services } from "../../services/index.ts";

const tags = ["address"];

/** SPEC §7 address calls: the token's user's list only; addresses are referred to by index. */
export default async function addressRoutes(base: FastifyInstance, { services }: { services: Services }) {
  const app = base.withTypeProvider<ApiTypeProvider>();
  const { addresses: book } = services;
  requireUser(app, services);
  noStore(app);

  app.get(
    "/address/get",
    {
      schema: {
        summary: "List the shopper's addresses",
        tags,
        security: signedIn,
        response: { 200: AddressBookAnswerSchema, ...errors(401) },
      },
    },
    async (request) => ({
      success: true,
      ...(await book.listAddresses(currentUser(request))),
    }),
  );

  app.post(
    "/address/save",
    {
      schema: {
        summary: "Add an address",
        tags,
        security: signedIn,
        body: SaveAddressSchema,
        response: { 201: AddressBookAnswerSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const answer = await book.saveAddress(currentUser(request), request.body.address);
      return reply.code(201).send({ success: true, ...answer });
    },
  );

  app.post(
    "/address/edit",
    {
      schema: {
        summary: "Change the address at an index",
        tags,
        security: signedIn,
        body: EditAddressSchema,
        response: { 200: AddressBookAnswerSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { addressIndex, address } = request.body;
      return { success: true, ...(await book.editAddress(currentUser(request), addressIndex, address)) };
    },
  );

  app.post(
    "/address/remove",
    {
      schema: {
        summary: "Remove the address at an index",
        tags,
        security: signedIn,
        body: AddressIndexSchema,
        response: { 200: AddressBookAnswerSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true,
      ...(await book.removeAddress(currentUser(request), request.body.addressIndex)),
    }),
  );

  app.post(
    "/address/set-primary",
    {
      schema: {
        summary: "Make the address at an index the primary one",
        tags,
        security: signedIn,
        body: AddressIndexSchema,
        response: { 200: AddressBookAnswerSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true,
      ...(await book.setPrimary(currentUser(request), request.body.addressIndex)),
    }),
  );
}
