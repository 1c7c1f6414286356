import { defineConfig } from "vitest/config";

// End-to-end journeys: the built store in a real process, driven through Debian's Chromium.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.spec.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
  },
});
