/**
 * Issue 29 (decision 0042): the dates the workshop is closed besides its days off, one per line; stitched
 * items' ready dates skip them. The server checks each date.
 */
export function WorkshopHolidays({ value }: { value: readonly string[] | undefined }) {
  return (
    <div className="mt-4">
      <label htmlFor="set-workshop-holidays" className="block text-sm font-medium text-neutral-800">
        Workshop holidays
      </label>
      <p id="set-workshop-holidays-hint" className="text-xs text-neutral-600">
        Dates (YYYY-MM-DD), one per line: stitched items' ready dates skip them
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

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * Issue 29: the workshop's working weekdays (Monday to Saturday unless the owner says otherwise); ready
 * dates count only these.
 */
export function WorkshopDays({ value }: { value: readonly number[] | undefined }) {
  const days = value ?? [1, 2, 3, 4, 5, 6];
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-neutral-800">Workshop working days</legend>
      <p className="text-xs text-neutral-600">Stitched items' ready dates count only these days</p>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {/* Monday first, as the shop's week is read. */}
        {[1, 2, 3, 4, 5, 6, 0].map((day) => (
          <label key={day} className="inline-flex min-h-8 items-center gap-1.5 text-sm text-neutral-800">
            <input
              type="checkbox"
              name="workshopWorkingDays"
              value={day}
              defaultChecked={days.includes(day)}
              className="size-4 focus-visible:outline-2"
            />
            {WEEKDAYS[day]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The form's text as the settings' list of dates. */
export const holidaysOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);
