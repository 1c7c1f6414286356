import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { startStore } from "../bootstrap.ts";
import { type Config, loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import type { SeedResult } from "../seed/demo.ts";
import type { Services } from "../services/index.ts";
import type { TestEngine } from "./engines.ts";

export interface TestStore {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  config: Config;
  seed: SeedResult | undefined;
  mediaDir: string;
  close(): Promise<void>;
}

/**
 * A whole store on a fresh database of the given engine, built the way `npm start` builds it
 * (migrations, demo seed, Fastify with the production pages when `pages` is set). `env` adds or overrides
 * settings, e.g. SMTP_URL, GOOGLE_CLIENT_ID and GOOGLE_JWKS_JSON, JWT_SECRET or the rate limits.
 * Passwords are hashed at a lower scrypt cost than in production (PASSWORD_HASH_COST 12) unless `env`
 * says otherwise, so suites that sign up many shoppers stay quick.
 */
export async function createTestStore(
  engine: TestEngine,
  options: {
    pages?: boolean;
    env?: Record<string, string>;
    /** Where the store's log lines go (none by default), e.g. a stream a test reads. */
    logger?: FastifyServerOptions["logger"];
  } = {},
): Promise<TestStore> {
  const fresh = await engine.create();
  const mediaDir = mkdtempSync(join(tmpdir(), "store-media-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    // Tests stand in for a proxy: they set X-Forwarded-For to act as different clients.
    TRUST_PROXY: "true",
    DATABASE_URL: fresh.url,
    MEDIA_DIR: mediaDir,
    PASSWORD_HASH_COST: "12",
    ...options.env,
  });
  const store = await startStore(config, {
    ssr: options.pages ? "production" : false,
    logger: options.logger ?? false,
  });
  await store.app.ready();
  return {
    app: store.app,
    services: store.services,
    database: store.database,
    config,
    seed: store.seed,
    mediaDir,
    async close() {
      await store.app.close();
      await fresh.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
