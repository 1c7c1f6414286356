import { defineConfig } from "vitest/config";

// Unit and server tests. Server tests run on SQLite always and on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ["{core,server,content,app,scripts}/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    // Two files at a time even on two cores: most server files wait on databases, store processes and
    // timers rather than compute (a clean run used about half a core on average with one at a time).
    maxWorkers: 2,
    // The API contract's count of checked answers, printed at the end (server/contract.ts).
    globalSetup: ["server/testing/contract-count.ts"],
    setupFiles: ["server/testing/contract-setup.ts"],
  },
});
