import { startStore } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";

const startedAt = performance.now();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const store = await startStore(config, {
  ssr: config.NODE_ENV === "development" ? "development" : "production",
});
const { app, database, migrations, seed } = store;

if (migrations.length > 0) app.log.info({ migrations }, "database migrated");
if (seed?.seeded) app.log.info(seed, "demo store seeded");

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  {
    engine: database.engine,
    database: database.location,
    startupMs: Math.round(performance.now() - startedAt),
  },
  `store ready on http://localhost:${config.PORT}`,
);

if (!config.SMTP_URL) {
  app.log.warn(
    `MAIL IS NOT CONFIGURED: SMTP_URL is not set, so no e-mail leaves this server. Every mail (sign-up and password-reset codes included) is printed to this log as a "mail not sent" line${config.NODE_ENV === "production" ? "" : " and shown at /dev/outbox"}. Set SMTP_URL to send them.`,
  );
}

// Graceful shutdown: stop accepting, let in-flight requests finish, close the database (onClose hook).
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down");
  const timer = setTimeout(() => {
    app.log.error("shutdown timed out; exiting");
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
