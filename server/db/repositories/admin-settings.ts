import type { Kysely, Transaction } from "kysely";
import { prepared } from "../prepared.ts";
import type { Database, ShopSettingTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

const allSettings = prepared((db) => db.selectFrom("shop_settings").selectAll().orderBy("key"));

/** Read whenever an order is priced or placed (services/admin-settings.ts), so prepared once. */
export async function listShopSettings(db: Db): Promise<ShopSettingTable[]> {
  return (await allSettings(db, {})).rows;
}

export async function upsertShopSetting(db: Db, row: ShopSettingTable): Promise<void> {
  await db
    .insertInto("shop_settings")
    .values(row)
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ value: row.value, updated_at: row.updated_at, updated_by: row.updated_by }),
    )
    .execute();
}

export async function deleteShopSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom("shop_settings").where("key", "=", key).execute();
}
