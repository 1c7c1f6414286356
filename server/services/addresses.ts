import type { Kysely } from "kysely";
import { t } from "#core/i18n/index.ts";
import { ADDRESSES_MAX, type AddressDto, type AddressInput } from "#core/schemas/account.schema.ts";
import {
  deleteAddress,
  insertAddress,
  listAddressRows,
  setPrimaryAddress,
  toAddressDto,
  updateAddress,
} from "../db/repositories/addresses.ts";
import type { UserRow } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "./errors.ts";

/** A message for the shopper. */
type Answer = { message: string };

/**
 * The shopper's address book (SPEC §4, §7 address calls, §8). Addresses are referred to by their index in
 * the list; every failure is a DomainError whose message a screen shows.
 */
export function createAddressesService(db: Kysely<Database>) {
  return {
    /** SPEC §7 GET /api/address/get: the list and the primary address (the first when none is marked). */
    async listAddresses(
      user: UserRow,
    ): Promise<{ addresses: AddressDto[]; primaryAddress: AddressDto | null }> {
      const rows = await listAddressRows(db, user.id);
      const addresses = rows.map((row) => toAddressDto(row, user.email));
      const primary = rows.findIndex((row) => Boolean(row.is_primary));
      return { addresses, primaryAddress: addresses[Math.max(primary, 0)] ?? null };
    },

    /** SPEC §7 POST /api/address/save; SPEC §4: the first address becomes primary. */
    async saveAddress(user: UserRow, address: AddressInput): Promise<Answer> {
      await db.transaction().execute(async (trx) => {
        const rows = await listAddressRows(trx, user.id);
        if (rows.length >= ADDRESSES_MAX) {
          throw new DomainError("invalid", "address_limit", t("addresses.limit", { max: ADDRESSES_MAX }));
        }
        const position = rows.reduce((max, row) => Math.max(max, Number(row.position) + 1), 0);
        await insertAddress(trx, user.id, position, address, rows.length === 0);
      });
      return { message: t("addresses.saved") };
    },

    /** SPEC §7 POST /api/address/edit. */
    async editAddress(user: UserRow, index: number, address: AddressInput): Promise<Answer> {
      await db.transaction().execute(async (trx) => {
        const row = (await listAddressRows(trx, user.id))[index];
        if (!row) throw new DomainError("not_found", "not_found", t("addresses.notFound"));
        await updateAddress(trx, row.id, user.id, address);
      });
      return { message: t("addresses.updated") };
    },

    /** SPEC §7 POST /api/address/remove; SPEC §4: the selection falls back to the first. */
    async removeAddress(user: UserRow, index: number): Promise<Answer> {
      await db.transaction().execute(async (trx) => {
        const rows = await listAddressRows(trx, user.id);
        const row = rows[index];
        if (!row) throw new DomainError("not_found", "not_found", t("addresses.notFound"));
        await deleteAddress(trx, row);
        const rest = rows.filter((r) => r.id !== row.id);
        if (rest.length > 0 && !rest.some((r) => Boolean(r.is_primary))) {
          await setPrimaryAddress(trx, user.id, rest[0]!.id);
        }
      });
      return { message: t("addresses.removed") };
    },

    /** SPEC §7 POST /api/address/set-primary. */
    async setPrimary(user: UserRow, index: number): Promise<Answer> {
      await db.transaction().execute(async (trx) => {
        const row = (await listAddressRows(trx, user.id))[index];
        if (!row) throw new DomainError("not_found", "not_found", t("addresses.notFound"));
        await setPrimaryAddress(trx, user.id, row.id);
      });
      return { message: t("addresses.primarySet") };
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
