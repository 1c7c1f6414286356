/**
 * The workshop's calendar (issue 29; decision 0042): a stitched line is ready a number of the workshop's
 * working days after the order. Both the working weekdays (Monday to Saturday unless the owner says
 * otherwise: tailoring shops here work Saturdays) and the holiday dates (YYYY-MM-DD, Asia/Dubai) are the
 * owner's settings.
 * Pure: days are calendar strings, never instants, so no time zone can move them.
 */

const DUBAI_OFFSET_MS = 4 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** Monday to Saturday (0 = Sunday … 6 = Saturday, as Date#getUTCDay numbers them): the default. */
export const UAE_WORKING_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5, 6];

/** The Dubai calendar day of an instant (UTC+4 all year, no daylight saving). */
export function dubaiToday(now: Date = new Date()): string {
  return new Date(now.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

const addCalendarDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export interface WorkshopCalendar {
  /** Dates the workshop is closed besides the weekend (YYYY-MM-DD). */
  holidays?: readonly string[];
  /** Working weekdays, 0 = Sunday; Monday to Saturday by default. */
  workingWeekdays?: readonly number[];
}

export function isBusinessDay(day: string, calendar: WorkshopCalendar = {}): boolean {
  const working = calendar.workingWeekdays ?? UAE_WORKING_WEEKDAYS;
  return working.includes(weekday(day)) && !(calendar.holidays ?? []).includes(day);
}

/**
 * The day `leadDays` business days after `from` (the order's day does not count, even when it is a
 * working day; 0 lead days is `from` itself). A calendar with no working day at all answers `from`
 * rather than looping forever.
 */
export function addBusinessDays(from: string, leadDays: number, calendar: WorkshopCalendar = {}): string {
  const working = calendar.workingWeekdays ?? UAE_WORKING_WEEKDAYS;
  if (leadDays <= 0 || working.length === 0) return from;
  let day = from;
  let left = Math.floor(leadDays);
  // At most a year of holidays on top of the lead time: a guard, not a rule.
  for (let guard = 0; left > 0 && guard < leadDays * 7 + 400; guard++) {
    day = addCalendarDays(day, 1);
    if (isBusinessDay(day, calendar)) left--;
  }
  return day;
}

/**
 * An order's ready date: today in Dubai plus the longest lead time among its stitched lines; null when
 * it has none.
 */
export function readyDate(
  leadDays: readonly number[],
  calendar: WorkshopCalendar = {},
  now: Date = new Date(),
): string | null {
  if (leadDays.length === 0) return null;
  return addBusinessDays(dubaiToday(now), Math.max(...leadDays), calendar);
}
