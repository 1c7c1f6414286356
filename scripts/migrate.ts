// npm run db:migrate — runs the frozen migrations against DATABASE_URL (SQLite file by default).
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connection.ts";
import { migrateToLatest } from "../server/db/migrate.ts";

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  const applied = await migrateToLatest(database.db);
  console.log(
    applied.length > 0
      ? `Applied ${applied.length} migration(s) on ${database.engine} (${database.location}): ${applied.join(", ")}`
      : `Database on ${database.engine} (${database.location}) is up to date.`,
  );
} finally {
  await database.close();
}
