/** The reasons a shopper may give (core/schemas/returns.ts RETURN_REASONS), without loading zod here. */
export const RETURN_REASONS_LIST = ["wrong_size", "wrong_item", "damaged", "changed_mind"] as const;
