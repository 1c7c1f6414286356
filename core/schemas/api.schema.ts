import "./zod-setup.ts";
import { z } from "zod";
import { ErrorCodeSchema } from "../error-codes.ts";

/**
 * The envelopes every /api answer travels in (SPEC §7/§8), shared by the server's route declarations and
 * the OpenAPI document at /api/docs. They describe answers; the server does not reshape an answer
 * through them (server/plugins/openapi.ts), so a field a screen reads is never dropped by a schema.
 */
export const ErrorResponseSchema = z
  .object({
    success: z.literal(false),
    code: ErrorCodeSchema.describe(
      "A stable machine code (core/error-codes.ts): the screen acts on it and shows its own language's text.",
    ),
    message: z.string().describe("SPEC's English sentence, which an English screen can show as it is."),
    field: z
      .string()
      .optional()
      .describe("The form field the message is about (contact and stitching forms)."),
  })
  .describe("A refusal");

/** `{ success: true, …shape }`; answers may carry more than the fields listed. */
export const ok = <T extends z.core.$ZodLooseShape>(shape: T, description: string) =>
  z
    .object({ success: z.literal(true), ...shape })
    .loose()
    .describe(description);

/** A DTO named for the reader; its full shape lives in core/ types (OrderDto, UserDto, ...). */
export const dto = (name: string) => z.object({}).loose().describe(name);

export const UserSchema = dto("UserDto (core/schemas/account.schema.ts): id, name, email, phone, ...");
export const AddressListSchema = z.array(dto("AddressDto (core/schemas/account.schema.ts)"));
export const CartDataSchema = z
  .record(z.string(), z.unknown())
  .describe("CartData (core/cart.ts): the shopper's server cart, keyed by product then size");
export const WishlistSchema = z.array(dto("WishlistItem (core/cart.ts)"));
export const OrderSchema = dto("OrderDto (core/order.ts)");
