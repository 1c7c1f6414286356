import { defineConfig } from "vitest/config";

// Unit and server tests. Server tests run on SQLite always and on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ["{core,server,content,app,scripts}/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The API contract's count of checked answers, printed at the end (server/contract.ts).
    globalSetup: ["server/testing/contract-count.ts"],
    setupFiles: ["server/testing/contract-setup.ts"],
  },
});
