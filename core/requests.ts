/**
 * Contact messages and stitching requests (SPEC §3; issue 12): the choices and the bounds the schemas in
 * core/schemas/ enforce, apart from zod so the forms can draw their options and size their inputs
 * without loading the schemas with the page.
 */

/** SPEC §3 Stitching request addressType. */
export const ADDRESS_TYPES = ["Home", "Office", "Other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** SPEC §3 Stitching request serviceType: the shop's three collections. */
export const SERVICE_TYPES = ["Ethnic Elegance", "Graceful Abayas", "Designer Jalabiya"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const REQUEST_LIMITS = {
  name: 100,
  /** RFC 5321's longest usable address (as account.schema.ts). */
  email: 254,
  subject: 150,
  /** Room for any usual spelling of a number (spaces, dashes, +971 or 00971). */
  phone: 30,
  contactMessage: 3000,
  fullAddress: 300,
  landmark: 100,
  city: 60,
  stitchingMessage: 1000,
  /** A larger order is a conversation with the shop, not a form. */
  itemsMax: 20,
} as const;
