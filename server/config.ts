import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    error: "must be one of true, false, 1, 0, yes, no, on, off",
  })
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

/** Every setting the store reads. `.env.example` lists them all; README's table explains them. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_SITE_URL: z
    .url({ error: "must be an absolute URL such as https://shop.example" })
    .default("http://localhost:3000"),
  DATABASE_URL: z
    .string()
    .min(1)
    .default("file:data/store.db")
    .refine((value) => /^(postgres(ql)?:\/\/|file:)/.test(value) || !value.includes("://"), {
      error: "must be a postgres:// URL, a file: URL or a path to a SQLite file",
    }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SEED_DEMO: booleanFlag.default(true),
  MEDIA_DIR: z.string().min(1).default("data/media"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SHOP_NAME: z.string().min(1).default("Noor Atelier"),
  SHOP_PHONE: z.string().min(5).default("+971 50 123 4567"),
  SHOP_EMAIL: z.email({ error: "must be an e-mail address" }).default("care@nooratelier.ae"),
  SHOP_OFFICE_ADDRESS: z.string().min(5).default("Office 1204, Al Manara Tower, Business Bay, Dubai, UAE"),
  SHOP_WAREHOUSE_ADDRESS: z.string().min(5).default("Warehouse 7, Al Qusais Industrial Area 2, Dubai, UAE"),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Reads and checks the environment once at boot; a bad value stops the process with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = ConfigSchema.safeParse(defined);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** The values the browser may see. Nothing else from the config leaves the server. */
export function publicConfig(config: Config) {
  return {
    siteUrl: config.PUBLIC_SITE_URL,
    shopName: config.SHOP_NAME,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    officeAddress: config.SHOP_OFFICE_ADDRESS,
    warehouseAddress: config.SHOP_WAREHOUSE_ADDRESS,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
