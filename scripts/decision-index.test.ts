import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md is the index of the decision records: one table, one row per record, in
// number order. Branches merged side by side once left every row three times and three table headers.
const folder = join(import.meta.dirname, "..", "docs", "decisions");
const index = readFileSync(join(folder, "README.md"), "utf8");
const records = readdirSync(folder)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();

describe("the decision index", () => {
  const rows = index.split("\n").filter((line) => line.startsWith("| ["));
  const linked = rows.map((row) => /\]\(([^)]+)\)/.exec(row)?.[1]);

  it("has one table with one row per record, in number order", () => {
    expect(index.split("\n").filter((line) => line.startsWith("| No.")).length).toBe(1);
    expect(linked).toEqual(records);
  });

  it("never gives two records one number", () => {
    const numbers = records.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
