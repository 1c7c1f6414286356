import { randomBytes } from "node:crypto";
import { type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";
import { CATALOG_CHANNEL, listenForCatalogChanges } from "../catalog-listener.ts";
import { prepared } from "../prepared.ts";
import type { Database } from "../schema.ts";

const META_KEY = "catalog_version";
/** The number of the last stock change (server/db/repositories/stock-changes.ts), in commit order. */
export const STOCK_SEQ_KEY = "stock_seq";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a write changed (decision 0037): everything (the version), or what shoppers can buy of some
 * products (a stock change, numbered `seq` in commit order).
 */
export type CatalogChange = { all: true } | { all?: false; seq: number; products: string[] };

/**
 * When this process last bumped the version. The bump runs inside the write's transaction, so the new
 * value is visible only once that transaction commits; until a short while after, readers in this
 * process re-read it on every request instead of trusting their polled copy (see watchCatalogVersion).
 */
let lastLocalBump = 0;
const bumpListeners = new Set<(change: CatalogChange) => void>();
/** Every watch of this process, told of a stock change made or relayed here before its commit. */
const stockHearers = new Set<(seq: number, products: string[]) => void>();

/**
 * Told of every change this process makes (server/main.ts relays it to the other workers of the same
 * machine, so they stop trusting their copy at once instead of up to 500 ms later).
 */
export function onCatalogBump(listener: (change: CatalogChange) => void): () => void {
  bumpListeners.add(listener);
  return () => bumpListeners.delete(listener);
}

/** Another process on this machine changed the catalog (relayed): its pages are not trusted from now. */
export function noteCatalogBumpElsewhere(change: CatalogChange = { all: true }): void {
  if (change.all) lastLocalBump = Date.now();
  else for (const hear of stockHearers) hear(change.seq, change.products);
}

/** A stock change written in this process's transaction (stock-changes.ts): heard here and relayed. */
export function announceStockChange(seq: number, products: string[]): void {
  for (const hear of stockHearers) hear(seq, products);
  for (const listener of bumpListeners) listener({ seq, products });
}

/**
 * Marks the whole catalog (products, prices, texts, categories, blog posts, shop settings) as changed.
 * Every catalog write that is not only a stock change calls it, in the write's own transaction, so that
 * anything cached from the old catalog — in this process or another on the same database — is no longer
 * served. A change of what shoppers can buy of some products calls noteStockChanged instead.
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
  for (const listener of bumpListeners) listener({ all: true });
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

const selectState = prepared((db) =>
  db.selectFrom("app_meta").select(["key", "value"]).where("key", "in", [META_KEY, STOCK_SEQ_KEY]),
);
/** At most this many stock changes are read at once; a process further behind forgets every page. */
const CHANGES_PER_READ = 500;
const selectChanges = prepared((db, v: { after: number }) =>
  db
    .selectFrom("catalog_stock_changes")
    .select(["seq", "product_ids"])
    .where("seq", ">", v.after)
    .orderBy("seq")
    .limit(CHANGES_PER_READ),
);

interface CatalogState {
  version: string;
  stockSeq: number;
  /** The stock changes after the `after` asked for, in order (empty when none or not asked). */
  changes: { seq: number; products: string[] }[];
}

async function readCatalogState(db: Db, after: number | undefined): Promise<CatalogState> {
  const { rows } = await selectState(db, {});
  const version = rows.find((r) => r.key === META_KEY)?.value ?? "0";
  const stockSeq = Number(rows.find((r) => r.key === STOCK_SEQ_KEY)?.value ?? 0);
  if (after === undefined || stockSeq <= after) return { version, stockSeq, changes: [] };
  const changes = (await selectChanges(db, { after })).rows.map((r) => ({
    seq: Number(r.seq),
    products: r.product_ids.split(","),
  }));
  return { version, stockSeq, changes };
}

/** A NOTIFY payload for a stock change: `stock:<seq>:<id>,<id>…` (a version otherwise). */
const STOCK_NOTICE = /^stock:(\d+):(.*)$/;

export interface CatalogVersionWatch {
  /** The version to key caches on: at most 2 × `pollMs` old for another process's write, exact for ours. */
  current(): Promise<string>;
  /** The polled copy when it can be trusted without a query (no recent write here), else undefined. */
  peek(): string | undefined;
  /**
   * The last stock change this process has read as committed: an answer rendered from now on shows at
   * least every change up to it (its stamp, decision 0037).
   */
  stockSeq(): number;
  /** True when a product of `products` ("*": any) changed after the stamp `seq`. */
  stockChangedSince(products: readonly string[], seq: number): boolean;
  /** Reads the stock changes committed by now (a write may have committed since the last read). */
  learn(): Promise<void>;
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
 * Keeps this process's copy of the catalog version and of the stock changes: one read every `pollMs`
 * (a write by another process is noticed within that), and a read on every call for a moment after this
 * process bumped the version, so a page never outlives the write that changed it here. A stock change
 * made or relayed here is heard before its commit (the pages showing its products are not trusted from
 * then) and read as committed later. With `live` (PostgreSQL), every write anywhere is learnt from its
 * NOTIFY at its commit, and the poll slows to a safety net while the LISTEN connection is up; after that
 * connection comes back, the version is read again at once.
 */
export function watchCatalogVersion(
  db: Kysely<Database>,
  pollMs = 250,
  live?: LiveCatalogOptions,
): CatalogVersionWatch {
  let known: string | undefined;
  let readAt = 0;
  let inflight: Promise<string> | undefined;
  /** Stock changes: the last read as committed, and per product the last heard (decision 0037). */
  let knownSeq: number | undefined;
  const changedAt = new Map<string, number>();
  /** The last change heard of any product (for answers that depend on every product's stock). */
  let latest = 0;
  /** Every product counts as changed at this number: changes were deleted before this process read them. */
  let floor = 0;
  /** Grows when the stock numbers start again (a database reset): the version then names a new world. */
  let epoch = 0;
  /** When a change was last heard, and when the read under way began (learn() joins a later one). */
  let heardAt = 0;
  let inflightAt = 0;
  const hear = (seq: number, products: readonly string[]) => {
    heardAt = performance.now();
    for (const id of products) if ((changedAt.get(id) ?? 0) < seq) changedAt.set(id, seq);
    if (seq > latest) latest = seq;
  };
  stockHearers.add(hear);
  const apply = (state: CatalogState, newest: boolean) => {
    if (knownSeq !== undefined && state.stockSeq < knownSeq) {
      if (!newest) return;
      // The numbers went back: another database, or a reset one. Nothing heard before counts.
      epoch += 1;
      changedAt.clear();
      latest = floor = 0;
      knownSeq = state.stockSeq;
      return;
    }
    if (knownSeq === undefined) knownSeq = state.stockSeq;
    else if (state.stockSeq > knownSeq) {
      const first = state.changes[0]?.seq;
      const last = state.changes.at(-1)?.seq ?? knownSeq;
      if (first !== knownSeq + 1 || last < state.stockSeq) {
        // Some changes are gone (deleted while this process was not reading): every page is stale.
        floor = Math.max(floor, last, state.stockSeq);
        latest = Math.max(latest, floor);
        knownSeq = Math.max(last, state.stockSeq);
      } else knownSeq = last;
      for (const change of state.changes) hear(change.seq, change.products);
    }
  };
  const versionOf = (value: string) => (epoch === 0 ? value : `${value}~${epoch}`);
  /**
   * `join`: share a read already under way. Not for a moment after a write here: that read may have
   * begun before the write committed (on PostgreSQL its answer comes later), so it could say the old
   * version after the write's caller has moved on; each caller then reads for itself.
   */
  const read = (join: boolean) => {
    if (join && inflight) return inflight;
    const startedAt = Date.now();
    inflightAt = performance.now();
    const reading = readCatalogState(db, knownSeq)
      .then((state) => {
        // An older read that answers last never replaces a newer one's value.
        const newest = startedAt >= readAt;
        apply(state, newest);
        if (newest) {
          known = state.version;
          readAt = startedAt;
        }
        return versionOf(state.version);
      })
      .finally(() => {
        if (inflight === reading) inflight = undefined;
      });
    inflight = reading;
    return reading;
  };
  const noticed = (payload: string) => {
    const stock = STOCK_NOTICE.exec(payload);
    if (!stock) {
      known = payload;
      readAt = Date.now();
      return;
    }
    const seq = Number(stock[1]);
    // Notifications come in commit order, which is the changes' order: the next one is simply taken.
    if (stock[2]) hear(seq, stock[2].split(","));
    if (knownSeq !== undefined && seq === knownSeq + 1 && stock[2]) knownSeq = seq;
    else if (knownSeq === undefined || seq > knownSeq) read(false).catch(() => {});
  };
  const listener = live
    ? listenForCatalogChanges(live.url, {
        onChange: noticed,
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
      fresh() ? Promise.resolve(versionOf(known!)) : read(Date.now() - lastLocalBump > LOCAL_WRITE_WINDOW_MS),
    peek: () => (fresh() ? versionOf(known!) : undefined),
    stockSeq: () => knownSeq ?? 0,
    stockChangedSince(products, seq) {
      if (products.length === 0) return false;
      if (seq < floor) return true;
      for (const id of products) {
        if (id === "*" ? latest > seq : (changedAt.get(id) ?? 0) > seq) return true;
      }
      return false;
    },
    learn: async () => {
      // A read begun after the last change was heard may be shared; an older one may predate it.
      await read(inflight !== undefined && inflightAt > heardAt);
    },
    stop: async () => {
      clearInterval(timer);
      stockHearers.delete(hear);
      await listener?.stop();
    },
    listening,
  };
}
