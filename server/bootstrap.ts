import { CATEGORIES } from "#core/constants.ts";
import { type AppOptions, buildApp, type StoreApp } from "./app.ts";
import type { Config } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/connection.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { addMissingCategories } from "./db/repositories/store-setup.ts";
import { mediaStoreFor } from "./media.ts";
import { addDemoArabic, ensureSiteArtwork, type SeedResult, seedDemoStore } from "./seed/demo.ts";
import { seedDemoOwner } from "./services/admin-owner.ts";

export interface PreparedDatabase {
  database: DatabaseHandle;
  migrations: string[];
  seed: SeedResult | undefined;
  /** The demo owner made with a freshly seeded demo store; its password only when generated (issue 21). */
  demoOwner?: { email: string; generatedPassword?: string };
}

/** Opens the database, runs the frozen migrations, and seeds the demo store when it is empty and allowed. */
export async function prepareDatabase(
  config: Config,
  options: { migrate?: boolean } = {},
): Promise<PreparedDatabase> {
  const database = openDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  // A cluster worker: the primary process migrated and seeded before it forked the workers.
  if (options.migrate === false) return { database, migrations: [], seed: undefined };
  try {
    // Decision 0035: a bucket that cannot be reached stops the start, before any migration, plainly said.
    const media = mediaStoreFor(config);
    await media.storage.check();
    const migrations = await migrateToLatest(database.db);
    // SPEC §2: the collections exist in every store, demo or real.
    await addMissingCategories(
      database.db,
      CATEGORIES.map((c, position) => ({ slug: c.slug, name: c.name, description: "", position })),
    );
    await ensureSiteArtwork(media);
    const seed = config.SEED_DEMO ? await seedDemoStore(database.db, media) : undefined;
    // Issue 15: a freshly seeded demo store has an owner to sign in to /admin with; issue 21: with a
    // password generated now (printed once by the caller) or DEMO_OWNER_PASSWORD.
    const demoOwner = seed?.seeded
      ? await seedDemoOwner(database.db, {
          password: config.DEMO_OWNER_PASSWORD,
          cost: config.PASSWORD_HASH_COST,
        })
      : undefined;
    // A demo store seeded before the Arabic storefront gets its Arabic texts once (issue 14).
    if (config.SEED_DEMO) await addDemoArabic(database.db);
    return { database, migrations, seed, demoOwner };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export async function startStore(
  config: Config,
  options: Pick<AppOptions, "ssr" | "logger" | "backgroundJobs"> & { migrate?: boolean } = {},
): Promise<StoreApp & PreparedDatabase> {
  const { migrate, ...appOptions } = options;
  const prepared = await prepareDatabase(config, { migrate });
  const store = await buildApp({ config, database: prepared.database, ...appOptions });
  store.app.addHook("onClose", () => prepared.database.close());
  return { ...store, ...prepared };
}
