import { describe, expect, it } from "vitest";
import { paidForUnits } from "./services/refunds/summary.ts";

/** What refunds of a discounted line pay back (issue 28; decision 0038): never more or less than it paid. */
describe("the paid price of a line's units", () => {
  const line = { line_total_fils: 10_000, quantity: 3, discount_fils: 9_000 };

  it("refunded one unit at a time, adds up to exactly what the whole line paid", () => {
    const parts = [0, 1, 2].map((before) => paidForUnits(line, 1, before));
    expect(parts).toEqual([333, 334, 333]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(1_000);
  });

  it("refunded in any split, adds up to the line's paid total", () => {
    expect(paidForUnits(line, 2, 0) + paidForUnits(line, 1, 2)).toBe(1_000);
    expect(paidForUnits(line, 1, 0) + paidForUnits(line, 2, 1)).toBe(1_000);
    expect(paidForUnits(line, 3)).toBe(1_000);
  });

  it("without a code, is the unit price times the units", () => {
    const plain = { line_total_fils: 45_000, quantity: 3, discount_fils: 0 };
    expect(paidForUnits(plain, 1)).toBe(15_000);
    expect(paidForUnits(plain, 2, 1)).toBe(30_000);
  });
});
