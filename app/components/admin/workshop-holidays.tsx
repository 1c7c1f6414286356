/**
 * Issue 29 (decision 0042): the dates the workshop is closed besides the weekend, one per line; stitched
 * items' ready dates skip them. The server checks each date.
 */
export function WorkshopHolidays({ value }: { value: readonly string[] | undefined }) {
  return (
    <div className="mt-4">
      <label htmlFor="set-workshop-holidays" className="block text-sm font-medium text-neutral-800">
        Workshop holidays
      </label>
      <p id="set-workshop-holidays-hint" className="text-xs text-neutral-600">
        Dates (YYYY-MM-DD), one per line: stitched items' ready dates skip them and the weekend
      </p>
      <textarea
        id="set-workshop-holidays"
        name="workshopHolidays"
        rows={3}
        aria-describedby="set-workshop-holidays-hint"
        defaultValue={(value ?? []).join("\n")}
        className="mt-1 w-full rounded border border-neutral-300 px-2 py-1 text-sm focus-visible:outline-2"
      />
    </div>
  );
}

/** The form's text as the settings' list of dates. */
export const holidaysOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);
