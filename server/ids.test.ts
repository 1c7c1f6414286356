import { describe, expect, it } from "vitest";
import { newId } from "./ids.ts";

describe("newId", () => {
  it("makes distinct version-7 UUIDs across many refills of its random pool, ordered by time", () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => newId(1_700_000_000_000 + i));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    // The random part differs between ids made in the same millisecond.
    const sameMs = Array.from({ length: 600 }, () => newId(1_700_000_000_000).slice(14));
    expect(new Set(sameMs).size).toBe(sameMs.length);
  });
});
