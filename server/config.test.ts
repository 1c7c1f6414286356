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

  it("reads the order and payment settings, and wants both Paymennt keys or neither", () => {
    const defaults = loadConfig({});
    expect([
      defaults.PAYMENNT_MODE,
      defaults.PAYMENT_HOLD_MINUTES,
      defaults.COD_ENABLED,
      defaults.VAT_RATE_PERCENT,
      defaults.SHOP_TRN,
    ]).toEqual(["test", 15, false, 5, undefined]);
    expect(() => loadConfig({ PAYMENNT_API_KEY: "key-12345678" })).toThrow(
      /PAYMENNT_API_SECRET: set both PAYMENNT_API_KEY and PAYMENNT_API_SECRET, or neither/,
    );
    expect(() => loadConfig({ PAYMENNT_MODE: "prod" })).toThrow(/PAYMENNT_MODE/);
    expect(() => loadConfig({ SHOP_TRN: "12345" })).toThrow(/SHOP_TRN: must be the 15-digit/);
    expect(() => loadConfig({ PAYMENT_HOLD_MINUTES: "0" })).toThrow(/PAYMENT_HOLD_MINUTES/);
    const secrets = { PAYMENNT_API_KEY: "key-secret-1234", PAYMENNT_API_SECRET: "secret-secret-1234" };
    expect(JSON.stringify(publicConfig(loadConfig(secrets)))).not.toContain("secret-1234");
  });

  it("turns demo seeding off for a real shop", () => {
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
  });

  it("sends the browser only the shop's public details", () => {
    const shown = publicConfig(loadConfig({ DATABASE_URL: "postgres://secret:pw@db/shop" }));
    expect(JSON.stringify(shown)).not.toContain("secret");
    expect(Object.keys(shown).sort()).toEqual(
      [
        "currencyLabelAr",
        "email",
        "googleClientId",
        "officeAddress",
        "phone",
        "shopName",
        "shopNameAr",
        "siteUrl",
        "warehouseAddress",
      ].sort(),
    );
  });

  it("writes the dirham on Arabic pages as the shop chooses, and refuses anything else", () => {
    expect(publicConfig(loadConfig({})).currencyLabelAr).toBe("د.إ");
    expect(publicConfig(loadConfig({ CURRENCY_LABEL_AR: "درهم" })).currencyLabelAr).toBe("درهم");
    expect(() => loadConfig({ CURRENCY_LABEL_AR: "AED" })).toThrow(/CURRENCY_LABEL_AR: must be د.إ or درهم/);
  });

  it("names the shop in Arabic as configured, the English name by default", () => {
    expect(publicConfig(loadConfig({})).shopNameAr).toBe("Noor Atelier");
    expect(publicConfig(loadConfig({ SHOP_NAME_AR: "نور أتيليه" })).shopNameAr).toBe("نور أتيليه");
  });

  it("keeps the account secrets out of what the browser sees", () => {
    const shown = publicConfig(
      loadConfig({
        JWT_SECRET: "a-very-long-secret-that-nobody-should-see-1234",
        SMTP_URL: "smtp://user:mailpass@mail.example:587",
        GOOGLE_CLIENT_ID: "123.apps.googleusercontent.com",
      }),
    );
    expect(JSON.stringify(shown)).not.toMatch(/a-very-long-secret|mailpass/);
    expect(shown.googleClientId).toBe("123.apps.googleusercontent.com");
    expect(publicConfig(loadConfig({})).googleClientId).toBe("");
  });

  it("checks the account settings", () => {
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ GOOGLE_JWKS_JSON: "[]" })).toThrow(/GOOGLE_JWKS_JSON/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: "30" })).toThrow(/PASSWORD_HASH_COST/);
    const config = loadConfig({});
    expect(config.PASSWORD_HASH_COST).toBe(15);
    expect(config.OTP_RESEND_SECONDS).toBe(60);
    expect(config.GOOGLE_JWKS_URL).toBe("https://www.googleapis.com/oauth2/v3/certs");
  });
});
