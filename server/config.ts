import { availableParallelism } from "node:os";
import { z } from "zod";
import { CURRENCY_LABELS_AR, DEFAULT_CURRENCY_LABEL_AR } from "../core/i18n/format.ts";

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
  /** The shop's public address; `http://localhost:{PORT}` when unset (loadConfig fills it in). */
  PUBLIC_SITE_URL: z.url({ error: "must be an absolute URL such as https://shop.example" }).optional(),
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
  /**
   * Issue 27, decision 0035: pictures in a bucket through the S3 API (AWS S3, Cloudflare R2, MinIO…) when
   * S3_BUCKET is set; MEDIA_DIR is then read only for what the bucket lacks (a move under way).
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: "must be a bucket name (3-63 of a-z, 0-9, . and -)",
    })
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "must be an http(s) URL such as https://<account>.r2.cloudflarestorage.com",
    })
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Keep public pages and API answers in memory by URL and catalog version (decision 0011). */
  RESPONSE_CACHE: booleanFlag.default(true),
  /** How often the jobs process looks for mail that reached nobody and tries it again (the outbox). */
  MAIL_RETRY_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** How often a process reads the catalog version (another machine's write is seen within twice that). */
  CATALOG_POLL_MS: z.coerce.number().int().min(20).max(600_000).default(250),
  /** Server processes (node:cluster workers); one per available core by default, 1 serves in-process. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /**
   * Issue 27: Prometheus metrics on their own port (never the shop's), off when unset; every worker's
   * figures summed in one answer. METRICS_TOKEN, when set, is required as `Authorization: Bearer …`.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  /**
   * Issue 27: traces over OTLP (HTTP, protobuf) when an endpoint is set, nothing started otherwise. The
   * standard OpenTelemetry variables: the collector's base address (spans go to {it}/v1/traces), or the
   * traces URL itself, and the name the store's spans carry.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ error: "must be an absolute URL such as http://collector:4318" })
    .optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .url({ error: "must be an absolute URL such as http://collector:4318/v1/traces" })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("noor-atelier-store"),
  /** Read the client's address from X-Forwarded-For: only behind a proxy that sets it (rate limits use it). */
  TRUST_PROXY: booleanFlag.default(false),
  SHOP_NAME: z.string().min(1).default("Noor Atelier"),
  SHOP_PHONE: z.string().min(5).default("+971 50 123 4567"),
  SHOP_EMAIL: z.email({ error: "must be an e-mail address" }).default("care@nooratelier.ae"),
  SHOP_OFFICE_ADDRESS: z.string().min(5).default("Office 1204, Al Manara Tower, Business Bay, Dubai, UAE"),
  SHOP_WAREHOUSE_ADDRESS: z.string().min(5).default("Warehouse 7, Al Qusais Industrial Area 2, Dubai, UAE"),
  /** Issue 14: the shop's name in Arabic texts (mails, Arabic pages); SHOP_NAME when unset. */
  SHOP_NAME_AR: z.string().min(1).optional(),

  // Accounts (issue 4).
  JWT_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(10, { error: "must be between 10 and 20 (scrypt N = 2^cost)" })
    .max(20, { error: "must be between 10 and 20 (scrypt N = 2^cost)" })
    .default(15),
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  AUTH_RATE_LIMIT_PER_IDENTIFIER: z.coerce.number().int().min(1).default(10),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z
    .url({ error: "must be an absolute URL" })
    .default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_JWKS_JSON: z.string().refine(isJwks, { error: 'must be a JSON key set: {"keys":[...]}' }).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), { error: "must be an smtp:// or smtps:// URL" })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),

  // Contact and stitching forms (issue 12): requests per window per client address, for each form.
  REQUEST_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REQUEST_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  // Orders and payments (issue 11). Without the Paymennt keys the app's own sandbox takes payments.
  PAYMENNT_API_KEY: z.string().min(8, { error: "must be the API key from Paymennt's dashboard" }).optional(),
  PAYMENNT_API_SECRET: z
    .string()
    .min(8, { error: "must be the API secret from Paymennt's dashboard" })
    .optional(),
  PAYMENNT_MODE: z.enum(["test", "live"]).default("test"),
  PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  COD_ENABLED: booleanFlag.default(false),
  VAT_RATE_PERCENT: z.coerce.number().min(0).max(100).default(5),
  SHOP_TRN: z
    .string()
    .trim()
    .regex(/^\d{15}$/, { error: "must be the 15-digit UAE tax registration number" })
    .optional(),
  SHOP_LEGAL_ADDRESS: z.string().min(5).optional(),
  // Arabic storefront (issue 14): how Arabic pages write the dirham, 'د.إ' or 'درهم'.
  CURRENCY_LABEL_AR: z
    .enum(CURRENCY_LABELS_AR, { error: "must be د.إ or درهم" })
    .default(DEFAULT_CURRENCY_LABEL_AR),
  // Going live (issue 21). The test payment sandbox (and Paymennt's test mode) and the demo owner's log-in
  // answer only local requests (a loopback peer and a localhost Host) unless switched on for every request,
  // as a staging site may.
  ALLOW_PUBLIC_SANDBOX: booleanFlag.default(false),
  ALLOW_PUBLIC_DEMO_OWNER: booleanFlag.default(false),
  /** The seeded demo owner's password, for tests and staging; generated and printed once when unset. */
  DEMO_OWNER_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).max(128).optional(),
  /**
   * Tests and the order bench: where the payment client reaches the test payment sandbox; the server's own
   * address (http://127.0.0.1:{the port it listens on}) when unset.
   */
  PAYMENNT_SANDBOX_URL: z.url({ error: "must be an absolute URL such as http://127.0.0.1:4300" }).optional(),
  /** Uploaded images larger than this many megapixels are refused with 413 before they are decoded. */
  UPLOAD_MAX_MEGAPIXELS: z.coerce.number().positive().max(1000).default(40),
  // Back office (issue 15): a session ends after this many minutes without a request.
  ADMIN_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
});

/** A half-configured bucket would put pictures on one machine's disk while the others look elsewhere. */
function objectStorageProblem(config: z.infer<typeof ConfigSchema>): string | undefined {
  const others = (
    ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const
  ).filter((name) => config[name] !== undefined);
  if (!config.S3_BUCKET) {
    return others.length > 0
      ? `S3_BUCKET: is required with ${others.join(", ")} (pictures in a bucket); or unset them all to keep pictures in MEDIA_DIR`
      : undefined;
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY))
    return "S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK's own AWS_* variables or machine role)";
  if (config.NODE_ENV === "production" && !config.S3_REGION)
    return "S3_REGION: is required in production with S3_BUCKET (the bucket's region; auto for Cloudflare R2)";
  return undefined;
}

function isJwks(value: string): boolean {
  try {
    const parsed = JSON.parse(value) as { keys?: unknown };
    return Array.isArray(parsed.keys);
  } catch {
    return false;
  }
}

type ParsedConfig = z.infer<typeof ConfigSchema>;
export type Config = Omit<ParsedConfig, "PUBLIC_SITE_URL"> & { PUBLIC_SITE_URL: string };

export class ConfigError extends Error {}

/** Reads and checks the environment once at boot; a bad value stops the process with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = ConfigSchema.safeParse(defined);
  if (result.success && Boolean(result.data.PAYMENNT_API_KEY) !== Boolean(result.data.PAYMENNT_API_SECRET)) {
    // Half a key pair would silently fall back to the test sandbox in production.
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENNT_API_SECRET: set both PAYMENNT_API_KEY and PAYMENNT_API_SECRET, or neither (the test payment sandbox)",
    );
  }
  const s3Problem = result.success ? objectStorageProblem(result.data) : undefined;
  if (s3Problem) throw new ConfigError(`Invalid configuration:\n  ${s3Problem}`);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  // The public address follows the port: a newcomer on PORT=4300 gets http://localhost:4300.
  return {
    ...result.data,
    PUBLIC_SITE_URL: result.data.PUBLIC_SITE_URL ?? `http://localhost:${result.data.PORT}`,
  };
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
    /** Issue 14: the name and the dirham's label Arabic pages and mails show. */
    shopNameAr: config.SHOP_NAME_AR ?? config.SHOP_NAME,
    /** Google's client id is public (the sign-in button needs it); "" when Google sign-in is not configured. */
    googleClientId: config.GOOGLE_CLIENT_ID ?? "",
    /** How Arabic pages write the dirham (core/i18n/format.ts). */
    currencyLabelAr: config.CURRENCY_LABEL_AR,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
