import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";

/** Small building blocks shared by the back-office screens (plain Tailwind, nothing storefront). */

export const buttonClass = {
  primary:
    "inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-neutral-900 px-4 text-sm font-medium text-white hover:bg-neutral-700 disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-neutral-300 bg-white px-4 text-sm font-medium text-neutral-900 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-50",
  danger:
    "inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-red-700 px-4 text-sm font-medium text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50",
  ghost:
    "inline-flex min-h-9 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-40",
} as const;

/** A control's look without its width (table cells set their own). */
export const inputBase =
  "block min-h-10 rounded-md border border-neutral-400 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-500 aria-[invalid=true]:border-red-700";

export const inputClass = `${inputBase} w-full`;

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-neutral-900">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

export function Card({
  title,
  children,
  className = "",
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-lg border border-neutral-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {title ? <h2 className="mb-3 text-base font-semibold text-neutral-900">{title}</h2> : null}
      {children}
    </section>
  );
}

/** A labelled control with its hint and error, wired with ids so a screen reader reads them together. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-neutral-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ id, ...props }: ComponentProps<"input"> & { id: string }) {
  return <input id={id} name={props.name ?? id} className={inputClass} {...props} />;
}

/** The result of a change, announced politely (or assertively when it failed). */
export function Notice({ result }: { result?: { ok: boolean; message: string } | null }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`rounded-md px-3 py-2 text-sm ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`}
      data-testid="admin-notice"
    >
      {result.message}
    </p>
  );
}

const STATUS_TONES: Record<string, string> = {
  "Order Placed": "bg-sky-100 text-sky-900",
  Packing: "bg-amber-100 text-amber-900",
  Shipped: "bg-indigo-100 text-indigo-900",
  "Out for Delivery": "bg-violet-100 text-violet-900",
  Delivered: "bg-emerald-100 text-emerald-900",
  Cancelled: "bg-neutral-200 text-neutral-800",
  new: "bg-sky-100 text-sky-900",
  in_progress: "bg-amber-100 text-amber-900",
  done: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  rejected: "bg-neutral-200 text-neutral-800",
  paid: "bg-emerald-100 text-emerald-900",
  unpaid: "bg-amber-100 text-amber-900",
  refunded: "bg-neutral-200 text-neutral-800",
  partly_refunded: "bg-amber-100 text-amber-900",
  confirmed: "bg-emerald-100 text-emerald-900",
  published: "bg-emerald-100 text-emerald-900",
  draft: "bg-neutral-200 text-neutral-800",
  archived: "bg-neutral-200 text-neutral-800",
  active: "bg-emerald-100 text-emerald-900",
  test: "bg-rose-100 text-rose-900",
};

/** An order paid through the test sandbox or Paymennt's test mode: no money was taken (decision 0015). */
export function TestBadge() {
  return (
    <span data-testid="test-order-badge" title="Paid through the test payment sandbox: no money was taken">
      <StatusBadge status="test" label="Test" />
    </span>
  );
}

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_TONES[status] ?? "bg-neutral-100 text-neutral-800"}`}
    >
      {label ?? status.replace("_", " ")}
    </span>
  );
}

/** Previous/next links that keep the other query parameters (search, filters). */
export function Pager({
  page,
  total,
  limit,
  search,
}: {
  page: number;
  total: number;
  limit: number;
  search: URLSearchParams;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  if (pages <= 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(search);
    next.set("page", String(n));
    return `?${next}`;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-end gap-3 text-sm">
      {page > 1 ? (
        <Link className={buttonClass.secondary} to={to(page - 1)}>
          Previous
        </Link>
      ) : null}
      <span className="text-neutral-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className={buttonClass.secondary} to={to(page + 1)}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
