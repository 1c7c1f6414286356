import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, journeyChromiumPath } from "./scripts/test-programs.ts";

/**
 * The browser journeys (tests/e2e): the built store in real processes, driven through Debian's Chromium by
 * Playwright's own runner. Each spec file gets a fresh store of its own (tests/e2e/fixtures.ts); two files
 * run at a time, beside the server suite (scripts/test-all.ts). No retries: a journey that needs a second
 * try is a failure to fix, and its trace is kept under test-results/e2e to show why.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  // Web-first assertions wait as long as a page may take on a busy two-core machine.
  expect: { timeout: 10_000 },
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  outputDir: "test-results/e2e",
  // Pictures rendered once for every store of the run.
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: journeyChromiumPath(), args: [...CHROMIUM_ARGS] },
    reducedMotion: "reduce",
    // A failed journey keeps its trace (actions, DOM snapshots, network, console). The screencast's frames are
    // left out: encoding them for every journey, kept or not, cost more CPU than the journeys themselves on
    // a two-core machine, and the DOM snapshots show the page at each step.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
  },
});
