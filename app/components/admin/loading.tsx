/** What an admin page shows while its data arrives in the browser (the data is private: never in the HTML). */
export function AdminLoading() {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-neutral-700">
      <span
        className="size-4 animate-spin rounded-full border-2 border-neutral-300 border-t-neutral-900"
        aria-hidden
      />
      Loading…
    </div>
  );
}
