import { afterAll } from "vitest";
import { contractStats } from "../contract.ts";
import { writeCount } from "./contract-count.ts";

// Each test file reports how many answers the API contract checked (summed in contract-count.ts).
afterAll(() => {
  writeCount(contractStats.checked, contractStats.nanoseconds);
  contractStats.checked = 0;
  contractStats.nanoseconds = 0n;
});
