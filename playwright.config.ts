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
    // A failed journey keeps its trace (actions, network, console, sources), its last screen and the page's
    // accessibility tree at the failure (error-context.md). Left out of the trace: the screencast's frames
    // (encoding them cost more CPU than the journeys themselves on two cores) and the DOM snapshot taken
    // at every action (a fifth of the journeys' CPU and wall time: shell and catalog took 115 s with them,
    // 90 s without, 2026-11-28), recorded for every journey although almost every one is thrown away.
    // `PWTRACE_SNAPSHOTS=1` brings them back for a journey being investigated.
    trace: {
      mode: "retain-on-failure",
      screenshots: false,
      snapshots: process.env.PWTRACE_SNAPSHOTS === "1",
      sources: true,
    },
    screenshot: "only-on-failure",
  },
});
