// How fast this machine's CPU is, in Lighthouse's own unit, and the CPU slowdown that makes it a mid-tier
// phone (npm run lighthouse, npm run phone).
//
// benchmarkIndex: Lighthouse measures it in the page before every audit (`computeBenchmarkIndex` in
// lighthouse/core/lib/page-functions.js, reported as lhr.environment.benchmarkIndex, "CPU/Memory Power" at
// the foot of a report); `measureBenchmarkIndex` runs the same function in a Chromium page, so the figure is
// known before the first audit.
//
// The multiplier: Lighthouse's throttling guide, "CPU Throttling" › "Calibrating the CPU slowdown"
// (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md#cpu-throttling). Its default, a
// constant 4x, moves a high-end desktop (benchmarkIndex 1500-2000) into the mid-tier mobile bracket (Moto G4,
// 125-800); a weaker host should use less (its table: from a low-end desktop, 1000-1500, to mid-tier mobile
// 2x, range 1-5; from a high-end desktop 4x, range 2-10; the higher the index within its bracket, the higher
// the multiplier). The guide sends the reader to its calculator for the figure
// (https://lighthouse-cpu-throttling-calculator.vercel.app/), which interpolates straight lines between these
// points: index 150 → 1x, 800 → 2x, 1300 → 3x, and 233 more for each further 1x (1533 → 4x, 1766 → 5x,
// 2000 → 6x). Below 150 the calculator gives none (the host is as slow as the phone already): 1x here.
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { median } from "./built-store.ts";

/** The CPU slowdown the guide's calculator gives for a benchmarkIndex, to one decimal (at least 1). */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else if (benchmarkIndex >= 150) multiplier = 1 + (benchmarkIndex - 150) / 650;
  else multiplier = 1;
  return Math.round(multiplier * 10) / 10;
}

/**
 * Lighthouse's benchmark, run `times` times by `evaluate` (a page's evaluate, Playwright's or Puppeteer's) in
 * an unthrottled, idle page, after one unrecorded run that warms the JavaScript engine (as DevTools' own CPU
 * calibration does); the median. Each run takes about a second.
 */
export async function measureBenchmarkIndex(
  evaluate: (benchmark: () => number) => Promise<number>,
  times = 3,
): Promise<number> {
  await evaluate(pageFunctions.computeBenchmarkIndex);
  const values: number[] = [];
  for (let i = 0; i < times; i++) values.push(await evaluate(pageFunctions.computeBenchmarkIndex));
  return Math.round(median(values));
}
