// SQLite's WAL checkpoints, on a connection of its own in a worker thread (docs/decisions/0014): the
// serving connection's commits append to the WAL, and copying them back into the database file (with
// its syncs) happens here, off the event loop. PASSIVE never waits for, nor blocks, readers or writers.
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";

const { path, intervalMs } = workerData as { path: string; intervalMs: number };
// No busy timeout: this connection never waits for the serving one.
const db = new DatabaseSync(path, { timeout: 0 });
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");

function run() {
  try {
    checkpoint.get();
  } catch {
    // Busy (another process's checkpoint is running): the next round copies what this one did not.
  }
}

const timer = setInterval(run, intervalMs);
parentPort?.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  run();
  db.close();
  parentPort?.close();
});
