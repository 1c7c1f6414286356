import { describe, expect, it } from "vitest";
import { cpuSlowdownFor } from "./cpu-calibration.ts";

describe("cpuSlowdownFor", () => {
  it("gives the throttling calculator's multipliers at its anchor points", () => {
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(1766)).toBe(5);
    expect(cpuSlowdownFor(2000)).toBe(6);
  });

  it("interpolates between them, to one decimal", () => {
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(1850)).toBe(5.4);
    expect(cpuSlowdownFor(475)).toBe(1.5);
  });

  it("applies no slowdown to a machine as slow as the phone", () => {
    expect(cpuSlowdownFor(100)).toBe(1);
  });
});
