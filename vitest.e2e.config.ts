import { defineConfig } from "vitest/config";

// End-to-end journeys: the built store in a real process, driven through Debian's Chromium.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.spec.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A web-first assertion waits as long as the page may take on a busy machine (Vitest's own default
    // gives up after one second).
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    // Two files at a time: a journey spends most of its time waiting on Chromium and its store.
    fileParallelism: true,
    maxWorkers: 2,
    // Pictures rendered once for every store of the run (tests/e2e/media-cache.ts).
    globalSetup: ["tests/e2e/media-cache.ts"],
  },
});
