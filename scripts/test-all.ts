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
  args: string[];
}

const SUITES: Suite[] = [
  { name: "server", args: [] },
  { name: "e2e", args: ["--config", "vitest.e2e.config.ts"] },
];

const vitest = join("node_modules", "vitest", "vitest.mjs");
const reports = mkdtempSync(join(tmpdir(), "store-test-report-"));

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function run(suite: Suite): Promise<{ code: number; counts: Counts | undefined }> {
  const report = join(reports, `${suite.name}.json`);
  const child = spawn(
    process.execPath,
    [vitest, "run", ...suite.args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NO_COLOR: process.env.NO_COLOR ?? "1",
        // The many store processes the suites start load their modules from Node's compile cache (about
        // half the start-up time once the first has filled it).
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), "store-test-compile-cache"),
      },
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${suite.name}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on("close", (code) => {
      let counts: Counts | undefined;
      try {
        const json = JSON.parse(readFileSync(report, "utf8")) as {
          numPassedTests: number;
          numFailedTests: number;
          numPendingTests: number;
          numTodoTests: number;
        };
        counts = {
          passed: json.numPassedTests,
          failed: json.numFailedTests,
          skipped: json.numPendingTests + json.numTodoTests,
        };
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
