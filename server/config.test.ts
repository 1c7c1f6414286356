import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, publicConfig } from "./config.ts";

describe("configuration", () => {
  it("uses the documented defaults on an empty environment", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe("file:data/store.db");
    expect(config.SEED_DEMO).toBe(true);
  });

  it("refuses a bad value with a message naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO: must be one of true, false/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x/y" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SHOP_EMAIL: "not-an-email" })).toThrow(/SHOP_EMAIL: must be an e-mail address/);
  });

  it("turns demo seeding off for a real shop", () => {
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
  });

  it("sends the browser only the shop's public details", () => {
    const shown = publicConfig(loadConfig({ DATABASE_URL: "postgres://secret:pw@db/shop" }));
    expect(JSON.stringify(shown)).not.toContain("secret");
    expect(Object.keys(shown).sort()).toEqual(
      ["email", "officeAddress", "phone", "shopName", "siteUrl", "warehouseAddress"].sort(),
    );
  });
});
