// The built store as the measuring scripts use it (npm run lighthouse, npm run phone): `server/main.ts` in
// production mode on a free port of 127.0.0.1, on a freshly seeded database in a temporary directory that
// goes when it stops.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface BuiltStore {
  /** http://127.0.0.1:<port> */
  base: string;
  /** The store's SQLite database (file:…), for reading its outbox. */
  databaseUrl: string;
  /** Stops the store and removes its directory. */
  stop(): Promise<void>;
}

/** Starts the store and waits until /healthz answers (three minutes at most: it migrates and seeds first). */
export async function startBuiltStore(name: string): Promise<BuiltStore> {
  const dir = mkdtempSync(join(tmpdir(), `store-${name}-`));
  const port = 4900 + Math.floor(Math.random() * 900);
  const base = `http://127.0.0.1:${port}`;
  const databaseUrl = `file:${join(dir, "store.db")}`;
  const store: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: join(dir, "media"),
      PUBLIC_SITE_URL: base,
      PASSWORD_HASH_COST: "12",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (store.exitCode === null && store.signalCode === null) {
      const exited = new Promise((r) => store.on("exit", r));
      store.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (store.exitCode !== null) throw new Error("the store exited before it was ready");
      if (Date.now() > deadline) throw new Error("the store did not start in time");
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, databaseUrl, stop };
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
