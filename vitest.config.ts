import { defineConfig } from "vitest/config";

// Unit and server tests. Server tests run on SQLite always and on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ["{core,server,content,app,scripts}/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
