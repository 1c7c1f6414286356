import { type ColumnDef, FlexRender, type RowData, tableFeatures, useTable } from "@tanstack/react-table";

/**
 * The back office's tables: TanStack Table (headless) drawing a plain, semantic <table>. Paging,
 * search and filters run on the server (the URL holds them), so the table only lays out one page.
 */
const features = tableFeatures({});

/**
 * A column; `label` names it on a phone, where each row is a card and a header drawn by a component
 * (a sort link) has no plain text to repeat (issue 26). A string header is its own label.
 */
export type AdminColumn<T extends RowData> = ColumnDef<typeof features, T> & { label?: string };

function labelOf(column: { id: string; columnDef: unknown }): string {
  const def = column.columnDef as { label?: string; header?: unknown };
  return def.label ?? (typeof def.header === "string" ? def.header : "");
}

export function DataTable<T extends RowData & { id: string }>({
  caption,
  columns,
  data,
  empty,
}: {
  caption: string;
  columns: AdminColumn<T>[];
  data: T[];
  empty: string;
}) {
  const table = useTable({ features, columns, data, getRowId: (row) => row.id });
  return (
    // A keyboard user can scroll a wide table on a tablet (axe: scrollable-region-focusable).
    <section
      className="admin-table overflow-x-auto rounded-lg border border-neutral-200 bg-white"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
      tabIndex={0}
      aria-label={caption}
    >
      <table className="min-w-full divide-y divide-neutral-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-neutral-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className="px-3 py-2.5 text-start text-xs font-semibold tracking-wide text-neutral-700 uppercase"
                >
                  {header.isPlaceholder ? null : <FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-neutral-600">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="hover:bg-neutral-50">
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-label={labelOf(cell.column)}
                    className="px-3 py-2.5 align-middle text-neutral-900"
                  >
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
