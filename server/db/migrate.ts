import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import * as catalog from "./migrations/2026-11-22-0001-catalog.ts";
import * as catalogIndexes from "./migrations/2026-11-22-0002-catalog-indexes.ts";
import * as accounts from "./migrations/2026-11-22-0003-accounts.ts";
import * as cartWishlist from "./migrations/2026-11-23-0004-cart-wishlist.ts";
import * as reviews from "./migrations/2026-11-23-0005-reviews.ts";
import * as orders from "./migrations/2026-11-23-0006-orders.ts";
import * as requests from "./migrations/2026-11-23-0007-requests.ts";
import * as arabic from "./migrations/2026-11-24-0008-arabic.ts";
import * as admin from "./migrations/2026-11-24-0009-admin.ts";
import * as documents from "./migrations/2026-11-27-0010-documents.ts";
import * as idempotency from "./migrations/2026-11-27-0011-idempotency.ts";
import * as mail from "./migrations/2026-11-27-0012-mail.ts";
import * as refunds from "./migrations/2026-11-27-0013-refunds.ts";
import * as orderLineArabic from "./migrations/2026-11-27-0014-order-line-arabic.ts";
import * as orderNotesTracking from "./migrations/2026-11-27-0015-order-notes-tracking.ts";
import * as returns from "./migrations/2026-11-27-0017-returns.ts";
import * as draftsHiddenReviews from "./migrations/2026-11-27-0018-drafts-hidden-reviews.ts";
import * as promotions from "./migrations/2026-11-27-0019-promotions.ts";
import * as orderLineImage from "./migrations/2026-11-27-0020-order-line-image.ts";
import * as stockChanges from "./migrations/2026-11-27-0021-stock-changes.ts";
import * as madeToMeasure from "./migrations/2026-11-27-0022-made-to-measure.ts";
import * as homeVisitMeasurements from "./migrations/2026-11-27-0023-home-visit-measurements.ts";
import * as stitchedCartLines from "./migrations/2026-11-27-0025-stitched-cart-lines.ts";
import * as quotesAlterations from "./migrations/2026-11-27-0026-quotes-alterations.ts";
import type { Database } from "./schema.ts";

/** The frozen, ordered list. A migration is added here once and never edited afterwards. */
const MIGRATIONS: Record<string, Migration> = {
  "2026-11-22-0001-catalog": catalog,
  "2026-11-22-0002-catalog-indexes": catalogIndexes,
  "2026-11-22-0003-accounts": accounts,
  "2026-11-23-0004-cart-wishlist": cartWishlist,
  "2026-11-23-0005-reviews": reviews,
  "2026-11-23-0006-orders": orders,
  "2026-11-23-0007-requests": requests,
  "2026-11-24-0008-arabic": arabic,
  "2026-11-24-0009-admin": admin,
  "2026-11-27-0010-documents": documents,
  "2026-11-27-0011-idempotency": idempotency,
  "2026-11-27-0012-mail": mail,
  "2026-11-27-0013-refunds": refunds,
  "2026-11-27-0014-order-line-arabic": orderLineArabic,
  "2026-11-27-0015-order-notes-tracking": orderNotesTracking,
  "2026-11-27-0017-returns": returns,
  "2026-11-27-0018-drafts-hidden-reviews": draftsHiddenReviews,
  "2026-11-27-0019-promotions": promotions,
  "2026-11-27-0020-order-line-image": orderLineImage,
  "2026-11-27-0021-stock-changes": stockChanges,
  "2026-11-27-0022-made-to-measure": madeToMeasure,
  "2026-11-27-0023-home-visit-measurements": homeVisitMeasurements,
  "2026-11-27-0025-stitched-cart-lines": stitchedCartLines,
  "2026-11-27-0026-quotes-alterations": quotesAlterations,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Every migration's name, in the order they run (Kysely's: by name). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS).sort();

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Runs the migrations up to and including `name` (tests of a migration's handling of older data). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error;
}

/** The migrations this code knows that the database has not run yet (readiness: `/readyz`). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
