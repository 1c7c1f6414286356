import type { Kysely, Transaction } from "kysely";
import type { AddressDto, AddressInput } from "#core/schemas/account.schema.ts";
import { newId } from "../../ids.ts";
import type { AddressTable, Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A shopper's addresses in list order (SPEC §3: they are referred to by their index in this list). */
export async function listAddressRows(db: Db, userId: string): Promise<AddressTable[]> {
  return db
    .selectFrom("addresses")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

function fields(address: AddressInput) {
  return {
    first_name: address.first_name,
    last_name: address.last_name ?? null,
    address: address.address,
    landmark: address.landmark ?? null,
    city: address.city,
    state: address.state,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone ?? null,
  };
}

export async function insertAddress(
  db: Db,
  userId: string,
  position: number,
  address: AddressInput,
  isPrimary: boolean,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("addresses")
    .values({
      id: newId(),
      user_id: userId,
      position,
      ...fields(address),
      is_primary: isPrimary,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateAddress(db: Db, id: string, userId: string, address: AddressInput) {
  await db
    .updateTable("addresses")
    .set({ ...fields(address), updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .execute();
}

/** Removes one address and closes the gap, so the list's indexes stay 0..n-1. */
export async function deleteAddress(db: Db, row: AddressTable): Promise<void> {
  await db.deleteFrom("addresses").where("id", "=", row.id).where("user_id", "=", row.user_id).execute();
  await db
    .updateTable("addresses")
    .set((eb) => ({ position: eb("position", "-", 1) }))
    .where("user_id", "=", row.user_id)
    .where("position", ">", row.position)
    .execute();
}

export async function setPrimaryAddress(db: Db, userId: string, id: string): Promise<void> {
  await db.updateTable("addresses").set({ is_primary: false }).where("user_id", "=", userId).execute();
  await db
    .updateTable("addresses")
    .set({ is_primary: true })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .execute();
}

/** SPEC §3 Address; the e-mail is the account's (SPEC §5: read-only, filled from the account). */
export function toAddressDto(row: AddressTable, email: string | null): AddressDto {
  return {
    _id: row.id,
    first_name: row.first_name,
    last_name: row.last_name ?? "",
    address: row.address,
    landmark: row.landmark ?? "",
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    email: email ?? "",
    phone: row.phone ?? "",
  };
}
