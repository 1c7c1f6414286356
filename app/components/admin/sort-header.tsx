import { Link, useSearchParams } from "react-router";

/**
 * A sortable column's header (issue 26): a link to the same list sorted by `column`, ascending first
 * and reversed on the next click; the current order is announced with aria-sort on the header cell's
 * text and an arrow.
 */
export function SortHeader({ label, column }: { label: string; column: string }) {
  const [params] = useSearchParams();
  const current = params.get("sort") ?? "-placed";
  const active = current.replace(/^-/, "") === column;
  const descending = active && current.startsWith("-");
  const next = new URLSearchParams(params);
  next.set("sort", active && !descending ? `-${column}` : column);
  next.delete("page");
  return (
    <Link
      to={`?${next.toString()}`}
      className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
      aria-label={`${label}: sort ${active && !descending ? "descending" : "ascending"}`}
    >
      {label}
      {active ? <span aria-hidden>{descending ? "↓" : "↑"}</span> : null}
    </Link>
  );
}
