import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { retrying } from "./lazy";

/** A load that fails `failures` times, then answers; it counts its calls. */
function flaky(failures: number) {
  const load = async () => {
    load.calls++;
    if (load.calls <= failures)
      throw new TypeError(`Failed to fetch dynamically imported module (${load.calls})`);
    return { default: "the part" };
  };
  load.calls = 0;
  return load;
}

describe("retrying", () => {
  it("answers at once when the first fetch comes", async () => {
    const load = flaky(0);
    await expect(retrying(load, [5, 5])()).resolves.toEqual({ default: "the part" });
    expect(load.calls).toBe(1);
  });

  it("asks again after each wait until the fetch comes", async () => {
    const load = flaky(2);
    const started = Date.now();
    await expect(retrying(load, [20, 40, 80])()).resolves.toEqual({ default: "the part" });
    expect(load.calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it("gives the last failure once every wait is spent", async () => {
    const load = flaky(10);
    await expect(retrying(load, [1, 1, 1])()).rejects.toThrow("(4)");
    expect(load.calls).toBe(4);
  });
});

describe("the store's parts fetched later", () => {
  it("all come through the retrying lazy, none through React's own", () => {
    const files = readdirSync("app", { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts") && file !== join("lib", "lazy.ts"),
    );
    const reactImport = /import\s*\{([^}]*)\}\s*from\s*"react"/g;
    const offenders = files.filter((file) =>
      [...readFileSync(join("app", file), "utf8").matchAll(reactImport)].some((m) => /\blazy\b/.test(m[1]!)),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
