import type { Kysely, Transaction } from "kysely";
import { type ShopSettings, ShopSettingsSchema, type ShopSettingsUpdate } from "#core/admin.ts";
import { t } from "#core/i18n/index.ts";
import { DEFAULT_CANCEL_WINDOW_HOURS } from "#core/order-cancel.ts";
import { type Config, type PublicConfig, publicConfig } from "../config.ts";
import { deleteShopSetting, listShopSettings, upsertShopSetting } from "../db/repositories/admin-settings.ts";
import { bumpCatalogVersion } from "../db/repositories/catalog-version.ts";
import type { Database } from "../db/schema.ts";
import type { AuditRecorder } from "./admin-audit.ts";

/** SPEC §1 / issue 15: the low-stock threshold before the owner sets one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** SPEC §9 Returns: "within 3 days for unopened, wrong or damaged items" (decision 0032). */
export const DEFAULT_RETURN_WINDOW_DAYS = 3;

/**
 * The shop's identity as pages see it, in the page's language, with the announcement when the owner
 * replaced SPEC's claims. `enFields` names the texts an Arabic page shows in English because the owner
 * gave no Arabic (they carry `lang="en"`, decision 0025); English pages never carry it.
 */
export type ShopIdentity = PublicConfig & {
  announcement: string | null;
  enFields?: ("officeAddress" | "warehouseAddress" | "announcement")[];
};

/**
 * The shop's settings (issue 15): the environment gives the defaults, rows of `shop_settings` override
 * them. Every read reads the rows (a handful, one statement), so every process sees a change on its next
 * read; they are merged and checked again only when they differ from the last ones. (Keyed by the catalog
 * version, the cache was dropped by every order start, which bumps it: decision 0014.)
 */
export function createSettingsService(db: Kysely<Database>, config: Config) {
  const defaults: ShopSettings = {
    shopName: config.SHOP_NAME,
    shopNameAr: config.SHOP_NAME_AR ?? null,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    officeAddress: config.SHOP_OFFICE_ADDRESS,
    warehouseAddress: config.SHOP_WAREHOUSE_ADDRESS,
    officeAddressAr: null,
    warehouseAddressAr: null,
    legalAddress: config.SHOP_LEGAL_ADDRESS ?? config.SHOP_OFFICE_ADDRESS,
    trn: config.SHOP_TRN ?? null,
    vatRate: config.VAT_RATE_PERCENT,
    codEnabled: config.COD_ENABLED,
    announcement: t("announcement.text"),
    announcementAr: null,
    lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
    returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
    cancelWindowHours: DEFAULT_CANCEL_WINDOW_HOURS,
    lowStockDigestTime: null,
    // Issue 28: SPEC's free delivery until the owner sets a fee.
    deliveryFeeFils: 0,
    freeDeliveryThresholdFils: null,
    emirateDeliveryFeesFils: {},
    sameDayDeliveryFeeFils: 0,
    // Issue 29 (decision 0043): a week to accept a quote; SPEC's free minor alterations within 15 days.
    quoteValidDays: 7,
    alterationWindowDays: 15,
    // Issue 29: Monday to Saturday, and no holiday until the owner lists them.
    workshopWorkingDays: [1, 2, 3, 4, 5, 6],
    workshopHolidays: [],
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

    /**
     * What the storefront's header, footer and contact page show, in the page's language: on /ar each
     * text is the owner's Arabic, else the English one (named in `enFields`).
     */
    async shop(locale: "en" | "ar" = "en"): Promise<ShopIdentity> {
      const { settings, overridden } = await load();
      const announcement = overridden.includes("announcement") ? settings.announcement : null;
      const identity: ShopIdentity = {
        ...publicConfig(config),
        shopName: settings.shopName,
        shopNameAr: settings.shopNameAr ?? settings.shopName,
        phone: settings.phone,
        email: settings.email,
        officeAddress: settings.officeAddress,
        warehouseAddress: settings.warehouseAddress,
        announcement,
      };
      if (locale === "en") return identity;
      const enFields: NonNullable<ShopIdentity["enFields"]> = [];
      const pick = (field: "officeAddress" | "warehouseAddress", arabic: string | null) => {
        if (arabic) return arabic;
        enFields.push(field);
        return settings[field];
      };
      identity.shopName = identity.shopNameAr;
      identity.officeAddress = pick("officeAddress", settings.officeAddressAr);
      identity.warehouseAddress = pick("warehouseAddress", settings.warehouseAddressAr);
      // No owner's text in either language: null, and the page shows the catalog's Arabic claims.
      identity.announcement = settings.announcementAr ?? announcement;
      if (!settings.announcementAr && announcement !== null) enFields.push("announcement");
      return { ...identity, enFields };
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
          const given = input[key];
          if (given === undefined) continue;
          // An emptied Arabic field means "not translated".
          const value = given === "" && key.endsWith("Ar") ? null : given;
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
