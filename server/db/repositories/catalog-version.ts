import { randomBytes } from "node:crypto";
import { type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";
import { CATALOG_CHANNEL, listenForCatalogChanges } from "../catalog-listener.ts";
import { prepared } from "../prepared.ts";
import type { Database } from "../schema.ts";

const META_KEY = "catalog_version";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * When this process last bumped the version. The bump runs inside the write's transaction, so the new
 * value is visible only once that transaction commits; until a short while after, readers in this
 * process re-read it on every request instead of trusting their polled copy (see watchCatalogVersion).
 */
let lastLocalBump = 0;
const bumpListeners = new Set<() => void>();

/**
 * Told of every bump this process makes (server/main.ts relays it to the other workers of the same
 * machine, so they stop trusting their polled copy at once instead of up to 500 ms later).
 */
export function onCatalogBump(listener: () => void): () => void {
  bumpListeners.add(listener);
  return () => bumpListeners.delete(listener);
}

/** Another process on this machine bumped the version: read it on every request for a moment. */
export function noteCatalogBumpElsewhere(): void {
  lastLocalBump = Date.now();
}

/**
 * Marks the catalog (products, variants, prices, stock shown on pages, categories, blog posts, shop
 * settings) as changed. Every catalog write calls it, in the write's own transaction, so that anything
 * cached from the old catalog — in this process or another on the same database — is no longer served.
 */
export async function bumpCatalogVersion(db: Db): Promise<string> {
  const value = `${Date.now().toString(36)}-${randomBytes(6).toString("base64url")}`;
  const now = new Date().toISOString();
  lastLocalBump = Date.now();
  await upsertVersion(db, { value, now });
  // PostgreSQL tells every listening process (every machine) when the write's transaction commits.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_notify(${CATALOG_CHANNEL}, ${value})`.execute(db);
  lastLocalBump = Date.now();
  for (const listener of bumpListeners) listener();
  return value;
}

// Both run with every order start and every poll, so they are prepared once (decision 0014).
const upsertVersion = prepared((db, v: { value: string; now: string }) =>
  db
    .insertInto("app_meta")
    .values({ key: META_KEY, value: v.value, updated_at: v.now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: v.value, updated_at: v.now })),
);
const selectVersion = prepared((db) => db.selectFrom("app_meta").select("value").where("key", "=", META_KEY));

/** The catalog's current version; "0" until the first write after seeding. */
export async function readCatalogVersion(db: Db): Promise<string> {
  const { rows } = await selectVersion(db, {});
  return rows[0]?.value ?? "0";
}

export interface CatalogVersionWatch {
  /** The version to key caches on: at most 2 × `pollMs` old for another process's write, exact for ours. */
  current(): Promise<string>;
  /** The polled copy when it can be trusted without a query (no recent write here), else undefined. */
  peek(): string | undefined;
  stop(): Promise<void>;
  /** True while PostgreSQL's notifications keep this copy current (issue 27). */
  listening(): boolean;
}

/** How long after a write (here or relayed) readers keep asking the database (a commit's delay). */
const LOCAL_WRITE_WINDOW_MS = 2_000;

/** With a live LISTEN connection, the poll is only a safety net: this often, and trusted twice as long. */
const LIVE_POLL_MS = 5_000;

export interface LiveCatalogOptions {
  /** The PostgreSQL database's URL, for the LISTEN connection (server/db/catalog-listener.ts). */
  url: string;
  /** The listener connected again after a drop: notifications may have been missed. */
  onReconnect(): void;
  onError?(error: Error): void;
}

/**
 * Keeps this process's copy of the catalog version: one primary-key read every `pollMs` (a write by
 * another process is noticed within that), and a read on every call for a moment after this process
 * wrote, so a page never outlives the write that changed it here. With `live` (PostgreSQL), every write
 * anywhere is learnt from its NOTIFY at its commit, and the poll slows to a safety net while the LISTEN
 * connection is up; after that connection comes back, the version is read again at once.
 */
export function watchCatalogVersion(
  db: Kysely<Database>,
  pollMs = 250,
  live?: LiveCatalogOptions,
): CatalogVersionWatch {
  let known: string | undefined;
  let readAt = 0;
  let inflight: Promise<string> | undefined;
  /**
   * `join`: share a read already under way. Not for a moment after a write here: that read may have
   * begun before the write committed (on PostgreSQL its answer comes later), so it could say the old
   * version after the write's caller has moved on; each caller then reads for itself.
   */
  const read = (join: boolean) => {
    if (join && inflight) return inflight;
    const startedAt = Date.now();
    const reading = readCatalogVersion(db)
      .then((value) => {
        // An older read that answers last never replaces a newer one's value.
        if (startedAt >= readAt) {
          known = value;
          readAt = startedAt;
        }
        return value;
      })
      .finally(() => {
        if (inflight === reading) inflight = undefined;
      });
    inflight = reading;
    return reading;
  };
  const listener = live
    ? listenForCatalogChanges(live.url, {
        onChange(value) {
          known = value;
          readAt = Date.now();
        },
        onReconnect() {
          known = undefined;
          live.onReconnect();
          read(false).catch(() => {});
        },
        onError: live.onError,
      })
    : undefined;
  const listening = () => listener?.connected() === true;
  const fresh = () =>
    known !== undefined &&
    Date.now() - readAt < (listening() ? Math.max(pollMs, LIVE_POLL_MS) : pollMs) * 2 &&
    Date.now() - lastLocalBump > LOCAL_WRITE_WINDOW_MS;
  const timer = setInterval(() => {
    if (listening() && Date.now() - readAt < LIVE_POLL_MS) return;
    read(true).catch(() => {
      known = undefined;
    });
  }, pollMs);
  timer.unref();
  return {
    current: () =>
      fresh() ? Promise.resolve(known!) : read(Date.now() - lastLocalBump > LOCAL_WRITE_WINDOW_MS),
    peek: () => (fresh() ? known : undefined),
    stop: async () => {
      clearInterval(timer);
      await listener?.stop();
    },
    listening,
  };
}
