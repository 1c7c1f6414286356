import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "./checkout.ts";

/** A store process over HTTP (server/testing/serve.ts) on a database, for tests that kill and restart it. */
export interface StoreProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** The exit code, or null with the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startStoreProcess(
  databaseUrl: string,
  options: {
    port?: number;
    env?: Record<string, string>;
    /**
     * Serve through server/main.ts as `npm start` does, with this many cluster workers (pages included,
     * so build/ must exist): the primary migrates, forks and answers once every worker listens.
     */
    workers?: number;
  } = {},
): Promise<StoreProcess> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const cluster = options.workers
    ? { NODE_ENV: "production", LOG_LEVEL: "info", WEB_CONCURRENCY: String(options.workers) }
    : {};
  const entry = options.workers ? "server/main.ts" : "server/testing/serve.ts";
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_SITE_URL: base,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "4",
      SEED_DEMO: "false",
      PASSWORD_HASH_COST: "10",
      AUTH_RATE_LIMIT_PER_IP: "100000",
      JWT_SECRET: "crash-test-secret-0123456789-abcdefghijklmnop",
      ...cluster,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`store did not start:\n${seen}`)),
      options.workers ? 180_000 : 60_000,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes("store ready")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`store exited with ${code}:\n${seen}`));
    });
  });
  return { base, port, child, exited };
}

export async function stopStoreProcess(store: StoreProcess | undefined): Promise<void> {
  if (!store || store.child.exitCode !== null || store.child.signalCode !== null) return;
  store.child.kill("SIGTERM");
  await store.exited;
}
