import type { Compilable, CompiledQuery, Insertable, Kysely, QueryResult, RootOperationNode } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Queries built and compiled once per database, then run with fresh values (decision 0014). Kysely
 * builds an operation tree and compiles it to SQL on every call, which cost more CPU than SQLite took to
 * run the order path's small statements (about 13 % of the store's time per order). A prepared query is
 * built once with a marker in place of each value; the markers' positions among the compiled parameters
 * say where each value goes. The SQL is the very text Kysely wrote, for whichever engine the database is.
 *
 * Only values may vary: a query whose shape depends on its input (an `in` list of varying length, a
 * column present or not) is built the ordinary way, or prepared per shape (`insertRow`).
 */

type Db = Kysely<Database>;

interface Template {
  sql: string;
  /** For each parameter of the compiled query: the name of the value it takes, or a fixed value. */
  slots: ({ name: string } | { value: unknown })[];
  query: RootOperationNode;
  queryId: CompiledQuery["queryId"];
}

const MARK = "\u0000prepared-value:";

/** Values a builder receives: each is a marker standing for the value of that name, typed as the value. */
const markers = new Proxy({}, { get: (_target, name) => `${MARK}${String(name)}` });

function compileTemplate(compilable: Compilable<unknown>): Template {
  const compiled = compilable.compile();
  if (compiled.sql.includes(MARK)) throw new Error("prepared query: a value was written into the SQL text");
  return {
    sql: compiled.sql,
    slots: compiled.parameters.map((parameter) =>
      typeof parameter === "string" && parameter.startsWith(MARK)
        ? { name: parameter.slice(MARK.length) }
        : { value: parameter },
    ),
    query: compiled.query,
    queryId: compiled.queryId,
  };
}

function run<R>(db: Db, template: Template, values: Record<string, unknown>): Promise<QueryResult<R>> {
  const parameters = template.slots.map((slot) => ("name" in slot ? values[slot.name] : slot.value));
  return db.executeQuery<R>({
    sql: template.sql,
    parameters,
    query: template.query,
    queryId: template.queryId,
  } as CompiledQuery<R>);
}

/**
 * A query prepared once per database (engine): `build` receives markers for its values, and the
 * returned function runs it with the real ones, on the database or inside a transaction.
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Db, values: P) => Compilable<R>,
): (db: Db, values: P) => Promise<QueryResult<R>> {
  // One template per Kysely instance's adapter: a transaction shares its database's.
  const templates = new WeakMap<object, Template>();
  return (db, values) => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compileTemplate(build(db, markers as P));
      templates.set(adapter, template);
    }
    return run<R>(db, template, values);
  };
}

const insertTemplates = new WeakMap<object, Map<string, Template>>();

/**
 * Inserts one row, prepared per table and set of columns: a column whose value is undefined is left
 * out (its default applies), exactly as Kysely's `values()` does.
 */
export async function insertRow<T extends keyof Database & string>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
): Promise<void> {
  const columns = Object.keys(row).filter((column) => (row as Record<string, unknown>)[column] !== undefined);
  const adapter = db.getExecutor().adapter;
  let byShape = insertTemplates.get(adapter);
  if (!byShape) {
    byShape = new Map();
    insertTemplates.set(adapter, byShape);
  }
  const shape = `${table}(${columns.join(",")})`;
  let template = byShape.get(shape);
  if (!template) {
    const values = Object.fromEntries(columns.map((column) => [column, `${MARK}${column}`]));
    template = compileTemplate(db.insertInto(table).values(values as never));
    byShape.set(shape, template);
  }
  await run(db, template, row as Record<string, unknown>);
}

/**
 * A query prepared per shape, for one whose shape follows a small key (the length of an `in` list, a
 * fixed set of statuses): each shape is built and compiled once, then runs like `prepared`.
 */
export function preparedPerShape<K, P extends Record<string, unknown>, R>(
  build: (shape: K, db: Db, values: P) => Compilable<R>,
): (shape: K, db: Db, values: P) => Promise<QueryResult<R>> {
  const byShape = new Map<K, (db: Db, values: P) => Promise<QueryResult<R>>>();
  return (shape, db, values) => {
    let query = byShape.get(shape);
    if (!query) {
      query = prepared((db: Db, v: P) => build(shape, db, v));
      byShape.set(shape, query);
    }
    return query(db, values);
  };
}
