import { describe, expect, it } from "vitest";
import { AddressSchema, ADDRESS_COUNTRY as SCHEMA_COUNTRY } from "#core/schemas/account.schema.ts";
import { ADDRESS_COUNTRY } from "./address-form";

describe("the address form's country", () => {
  it("is the one the schema (and so the server) takes and gives back", () => {
    expect(ADDRESS_COUNTRY).toBe(SCHEMA_COUNTRY);
    const parsed = AddressSchema.safeParse({
      first_name: "Alya",
      address: "Tower 1",
      city: "Dubai",
      state: "Dubai",
      postcode: "12345",
      country: ADDRESS_COUNTRY,
      email: "alya@example.ae",
    });
    expect(parsed.success && parsed.data.country).toBe(ADDRESS_COUNTRY);
  });
});
