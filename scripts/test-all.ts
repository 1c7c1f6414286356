// npm test: the unit and server suites and the browser journeys side by side (the browser journeys spend
// most of their time waiting on Chromium and the store, so the two suites share two cores well), each
// line prefixed with its suite, then one closing line with the counts of both.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

interface Suite {
  name: string;
  /** The runner's arguments, given the path its JSON report goes to. */
  args(report: string): string[];
  env?(report: string): Record<string, string>;
  counts(report: string): Counts;
}

const vitest = join("node_modules", "vitest", "vitest.mjs");
const playwright = join("node_modules", "@playwright", "test", "cli.js");

const SUITES: Suite[] = [
  {
    name: "server",
    args: (report) => [vitest, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    counts(report) {
      const json = JSON.parse(readFileSync(report, "utf8")) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      };
      return {
        passed: json.numPassedTests,
        failed: json.numFailedTests,
        skipped: json.numPendingTests + json.numTodoTests,
      };
    },
  },
  {
    // The browser journeys on Playwright's runner (playwright.config.ts).
    name: "e2e",
    args: () => [playwright, "test", "--reporter=list,json"],
    env: (report) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: report }),
    counts(report) {
      const { stats } = JSON.parse(readFileSync(report, "utf8")) as {
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      };
      // No retries are configured, so a flaky count stays 0; it would be a failure to fix if it were not.
      return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
    },
  },
];

const reports = mkdtempSync(join(tmpdir(), "store-test-report-"));

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function run(suite: Suite): Promise<{ code: number; counts: Counts | undefined }> {
  const report = join(reports, `${suite.name}.json`);
  const child = spawn(process.execPath, suite.args(report), {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      ...suite.env?.(report),
      NO_COLOR: process.env.NO_COLOR ?? "1",
      // The many store processes the suites start load their modules from Node's compile cache (about
      // half the start-up time once the first has filled it).
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), "store-test-compile-cache"),
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${suite.name}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on("close", (code) => {
      let counts: Counts | undefined;
      try {
        counts = suite.counts(report);
      } catch {
        // No report: the suite did not get as far as running; its exit code says so.
      }
      resolve({ code: code ?? 1, counts });
    });
  });
}

const started = Date.now();
const results = await Promise.all(SUITES.map(run));
rmSync(reports, { recursive: true, force: true });

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
results.forEach(({ code, counts }, i) => {
  const name = SUITES[i]!.name;
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    console.log(
      `${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (exit ${code})`,
    );
  } else {
    total.failed += 1;
    console.log(`${name}: no test report (exit ${code})`);
  }
});
console.log(`all suites in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(results.every((r) => r.code === 0) && total.failed === 0 ? 0 : 1);
