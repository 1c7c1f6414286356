import type { Kysely, Transaction } from "kysely";
import { uniqueViolationOn } from "../db/repositories/admin-products.ts";
import { bumpCatalogVersion } from "../db/repositories/catalog-version.ts";
import { noteProductsChanged, noteStockChanged } from "../db/repositories/stock-changes.ts";
import type { Database } from "../db/schema.ts";
import type { AuditRecord, AuditRecorder } from "./admin-audit.ts";
import { AdminError, notFound } from "./admin-errors.ts";

export type Trx = Transaction<Database>;
export type Db = Kysely<Database> | Trx;

export interface UploadedFile {
  filename: string;
  buffer: Buffer;
}

/** What one catalog write changed: the audit rows it leaves and whether the storefront's copy is stale. */
export interface CatalogChange<T = undefined> {
  audit: AuditRecord | AuditRecord[];
  /**
   * False when only the back office sees the change (an unpublished post); true by default: every
   * cached answer is dropped. `{ stockOf }`: only these sizes' stock changed, so only the answers showing
   * their products are (decision 0037). `{ products }`: only these products (and the list keys named
   * with them, server/products-shown.ts) changed, so only the answers showing or depending on them are.
   */
  bump?: boolean | { stockOf: string[] } | { products: string[] };
  result?: T;
}

/** The row a write is about, or the 404 that says which kind was not found. */
export function found<T>(row: T | null | undefined, what: string): T {
  if (row == null) throw notFound(what);
  return row;
}

/**
 * Every back-office catalog write (issue 15): `write` finds its rows (`found`), checks the input and
 * writes in one transaction, then says what it changed, or null when nothing did. The audit rows and the
 * catalog version bump (the storefront's caches drop the old catalog at once) land in that same
 * transaction, so the log holds exactly the changes that happened. A unique-index race (two saves at
 * once) becomes the same 409 the checks give.
 */
export async function catalogWrite<T = undefined>(
  db: Kysely<Database>,
  audit: AuditRecorder,
  write: (trx: Trx) => Promise<CatalogChange<T> | null>,
): Promise<T | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const change = await write(trx);
      if (!change) return undefined;
      for (const record of [change.audit].flat()) await audit(trx, record);
      const bump = change.bump ?? true;
      if (typeof bump === "object")
        await ("stockOf" in bump
          ? noteStockChanged(trx, bump.stockOf)
          : noteProductsChanged(trx, bump.products));
      else if (bump) await bumpCatalogVersion(trx);
      return change.result;
    });
  } catch (error) {
    if (uniqueViolationOn(error, "slug"))
      throw new AdminError("conflict", "slug_taken", "Another item already has this address");
    if (uniqueViolationOn(error, "sku"))
      throw new AdminError("conflict", "sku_taken", "Another size already uses this SKU");
    throw error;
  }
}
