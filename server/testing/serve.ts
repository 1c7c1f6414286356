// A store process without pages (API, sandbox, jobs) for tests that drive several real server processes
// over HTTP: the same bootstrap as server/main.ts, minus the React build it would need.
import { loadConfig } from "../config.ts";
import { startConfiguredTracing } from "../telemetry/tracing.ts";

const config = loadConfig();
// As server/main.ts: traces, when an endpoint is set, start before the store's modules load.
const tracing = await startConfiguredTracing(config);
const { startStore } = await import("../bootstrap.ts");
const { startMetricsServer } = await import("../operations/metrics-server.ts");
const store = await startStore(config, { ssr: false });
await store.app.listen({ host: config.HOST, port: config.PORT });
if (config.METRICS_PORT !== undefined) {
  await startMetricsServer({
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
    token: config.METRICS_TOKEN,
  });
}
console.log(`store ready on ${config.PORT} (pid ${process.pid})`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    store.app
      .close()
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
