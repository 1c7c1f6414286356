import "./zod-setup.ts";
import { z } from "zod";
import { ErrorCodeSchema } from "../error-codes.ts";
import { OrderDtoSchema } from "../order.ts";
import { AddressDtoSchema, CartDataSchema, UserDtoSchema, WishlistItemSchema } from "./dto.schema.ts";

/**
 * The envelopes every /api answer travels in (SPEC §7/§8), shared by the server's route declarations and
 * the OpenAPI document at /api/docs. Outside production the server checks every answer against them
 * (server/contract.ts) and sends it unchanged.
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
  .meta({ id: "Error", description: "A refusal" });

/**
 * `{ success: true, …shape }`. Strict as every answer schema is: the server's contract check
 * (server/contract.ts) fails an answer that carries a key the schema does not name.
 */
export const ok = <T extends z.core.$ZodLooseShape>(shape: T, description: string) =>
  z.object({ success: z.literal(true), ...shape }).describe(description);

export const UserSchema = UserDtoSchema;
export const AddressListSchema = z.array(AddressDtoSchema);
export { CartDataSchema };
export const WishlistSchema = z.array(WishlistItemSchema);
export const OrderSchema = OrderDtoSchema;
