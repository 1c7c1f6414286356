// npm run db:seed — seeds the demo store into an empty database.
// npm run db:seed -- --reset — empties the catalog, blog and reviews first; refuses without the flag.
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connection.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { mediaStoreFor } from "../server/media.ts";
import { resetCatalog, seedDemoStore } from "../server/seed/demo.ts";

const reset = process.argv.includes("--reset");
const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  if (reset) {
    await resetCatalog(database.db);
    console.log("Catalog, blog and reviews emptied.");
  }
  const result = await seedDemoStore(database.db, mediaStoreFor(config));
  console.log(
    result.seeded
      ? `Seeded ${result.products} products, ${result.posts} posts, ${result.reviews} reviews, ${result.images} images.`
      : "The store already has a catalog; nothing seeded. Use `npm run db:seed -- --reset` to start over.",
  );
} finally {
  await database.close();
}
