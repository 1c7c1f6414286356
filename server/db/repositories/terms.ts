import type { Kysely, Transaction } from "kysely";
import type { CatalogTermKind, Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Arabic names of the short words products share, by kind then English value (issue 14). */
export type TermNames = Map<CatalogTermKind, Map<string, string>>;

export async function loadTermNames(db: Db, kinds: readonly CatalogTermKind[]): Promise<TermNames> {
  const names: TermNames = new Map(kinds.map((kind) => [kind, new Map()]));
  if (kinds.length === 0) return names;
  const rows = await db.selectFrom("catalog_terms").selectAll().where("kind", "in", kinds).execute();
  for (const row of rows) names.get(row.kind)?.set(row.value, row.name_ar);
  return names;
}

/** Sets the Arabic name of a term (the owner's edit, or the demo seed); an existing name is replaced. */
export async function saveTermName(
  db: Db,
  kind: CatalogTermKind,
  value: string,
  nameAr: string,
): Promise<void> {
  await db
    .insertInto("catalog_terms")
    .values({ kind, value, name_ar: nameAr })
    .onConflict((oc) => oc.columns(["kind", "value"]).doUpdateSet({ name_ar: nameAr }))
    .execute();
}

/** Adds the names a term does not have yet, leaving names already set (e.g. edited by the owner) alone. */
export async function addMissingTermNames(
  db: Db,
  terms: readonly { kind: CatalogTermKind; value: string; nameAr: string }[],
): Promise<void> {
  if (terms.length === 0) return;
  await db
    .insertInto("catalog_terms")
    .values(terms.map((t) => ({ kind: t.kind, value: t.value, name_ar: t.nameAr })))
    .onConflict((oc) => oc.columns(["kind", "value"]).doNothing())
    .execute();
}
