import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * The suite's count of answers checked by the API contract (server/contract.ts): each test file writes
 * its process's count when it ends (contract-setup.ts), and the run prints the sum when it finishes.
 */

export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), "contract-count-"));
  process.env.CONTRACT_COUNT_DIR = dir;
  return () => {
    let checked = 0;
    let nanoseconds = 0;
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      const figures = JSON.parse(readFileSync(join(dir, name), "utf8")) as { checked: number; ns: number };
      checked += figures.checked;
      nanoseconds += figures.ns;
    }
    rmSync(dir, { recursive: true, force: true });
    if (checked > 0)
      console.log(
        `API contract: ${checked} answers checked against their declared schemas (${(nanoseconds / checked / 1000).toFixed(0)} µs each)`,
      );
  };
}

/** Called by each test file's setup when the file ends. */
export function writeCount(checked: number, nanoseconds: bigint): void {
  const dir = process.env.CONTRACT_COUNT_DIR;
  if (!dir || checked === 0) return;
  writeFileSync(
    join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`),
    JSON.stringify({ checked, ns: Number(nanoseconds) }),
  );
}
