import type { Kysely, Transaction } from "kysely";
import { type ShopSettings, ShopSettingsSchema, type ShopSettingsUpdate } from "#core/admin.ts";
import { t } from "#core/i18n/index.ts";
import { type Config, type PublicConfig, publicConfig } from "../config.ts";
import { deleteShopSetting, listShopSettings, upsertShopSetting } from "../db/repositories/admin-settings.ts";
import { bumpCatalogVersion } from "../db/repositories/catalog-version.ts";
import type { Database } from "../db/schema.ts";
import type { AuditRecorder } from "./admin-audit.ts";

/** SPEC §1 / issue 15: the low-stock threshold before the owner sets one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** The shop's identity as pages see it, with the announcement when the owner replaced SPEC's claims. */
export type ShopIdentity = PublicConfig & { announcement: string | null };

/**
 * The shop's settings (issue 15): the environment gives the defaults, rows of `shop_settings` override
 * them. Every read reads the rows (a handful, one statement), so every process sees a change on its next
 * read; they are merged and checked again only when they differ from the last ones. (Keyed by the catalog
 * version, the cache was dropped by every order start, which bumps it: decision 0014.)
 */
export function createSettingsService(db: Kysely<Database>, config: Config) {
  const defaults: ShopSettings = {
    shopName: config.SHOP_NAME,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    officeAddress: config.SHOP_OFFICE_ADDRESS,
    warehouseAddress: config.SHOP_WAREHOUSE_ADDRESS,
    legalAddress: config.SHOP_LEGAL_ADDRESS ?? config.SHOP_OFFICE_ADDRESS,
    trn: config.SHOP_TRN ?? null,
    vatRate: config.VAT_RATE_PERCENT,
    codEnabled: config.COD_ENABLED,
    announcement: t("announcement.text"),
    lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  };
  const keys = Object.keys(defaults) as (keyof ShopSettings)[];
  let cached: { rows: string; settings: ShopSettings; overridden: (keyof ShopSettings)[] } | undefined;

  async function load(executor: Kysely<Database> | Transaction<Database> = db) {
    const rows = await listShopSettings(executor);
    const raw = JSON.stringify(rows.map((row) => [row.key, row.value]));
    if (cached?.rows === raw) return cached;
    const merged: Record<string, unknown> = { ...defaults };
    const overridden: (keyof ShopSettings)[] = [];
    for (const row of rows) {
      if (!keys.includes(row.key as keyof ShopSettings)) continue;
      try {
        merged[row.key] = JSON.parse(row.value);
        overridden.push(row.key as keyof ShopSettings);
      } catch {
        // A value that is not JSON is ignored: the default stands.
      }
    }
    // A stored value the schema no longer accepts falls back to the default rather than breaking pages.
    const parsed = ShopSettingsSchema.safeParse(merged);
    cached = {
      rows: raw,
      settings: parsed.success ? parsed.data : defaults,
      overridden: parsed.success ? overridden : [],
    };
    return cached;
  }

  return {
    defaults,

    /** The effective settings. */
    async current(executor?: Kysely<Database> | Transaction<Database>): Promise<ShopSettings> {
      return (await load(executor)).settings;
    },

    async withOverrides(): Promise<{ settings: ShopSettings; defaults: ShopSettings; overridden: string[] }> {
      const { settings, overridden } = await load();
      return { settings, defaults, overridden };
    },

    /** What the storefront's header, footer and contact page show. */
    async shop(): Promise<ShopIdentity> {
      const { settings, overridden } = await load();
      return {
        ...publicConfig(config),
        shopName: settings.shopName,
        phone: settings.phone,
        email: settings.email,
        officeAddress: settings.officeAddress,
        warehouseAddress: settings.warehouseAddress,
        announcement: overridden.includes("announcement") ? settings.announcement : null,
      };
    },

    /**
     * Stores the given fields; a field equal to its environment default is removed instead, so it
     * follows the environment again. Audited, and the catalog version is bumped in the same transaction.
     */
    async update(input: ShopSettingsUpdate, actor: { id: string }, audit: AuditRecorder): Promise<void> {
      const before = await this.current();
      await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const changes: { field: string; before: unknown; after: unknown }[] = [];
        for (const key of keys) {
          if (!(key in input)) continue;
          const value = input[key];
          if (value === undefined) continue;
          if (JSON.stringify(value) === JSON.stringify(defaults[key])) await deleteShopSetting(trx, key);
          else
            await upsertShopSetting(trx, {
              key,
              value: JSON.stringify(value),
              updated_at: now,
              updated_by: actor.id,
            });
          if (JSON.stringify(value) !== JSON.stringify(before[key]))
            changes.push({ field: key, before: before[key], after: value });
        }
        if (changes.length > 0)
          await audit(trx, {
            action: "settings.update",
            entity: "settings",
            entityId: "shop",
            label: "Shop settings",
            changes,
          });
        await bumpCatalogVersion(trx);
      });
      cached = undefined;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
