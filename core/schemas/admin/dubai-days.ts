import "../zod-setup.ts";
import { z } from "zod";

/**
 * Calendar days in the shop's time zone (Asia/Dubai, UTC+4 all year: no daylight saving) for the back
 * office's date filters (issue 26): a day `YYYY-MM-DD` starts at 20:00 UTC the day before.
 */
const DUBAI_OFFSET_MS = 4 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** A calendar day as a form's date field sends it; a date that does not exist (2026-02-30) is refused. */
export const dubaiDay = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD)` })
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isRealDay(v), {
      error: `${label} is not a real date`,
    });

function isRealDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/** The UTC instant a Dubai calendar day starts. */
export function dubaiDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DUBAI_OFFSET_MS).toISOString();
}

/** The UTC instants bounding the inclusive Dubai days `from`..`to`: [start, end). */
export function dubaiDayRange(from?: string, to?: string): { start?: string; end?: string } {
  return {
    start: from ? dubaiDayStart(from) : undefined,
    end: to ? new Date(Date.parse(dubaiDayStart(to)) + DAY_MS).toISOString() : undefined,
  };
}

/** An instant as the Dubai wall clock reads it: `2026-11-27 14:05`. */
export function dubaiLocalTime(iso: string): string {
  return new Date(Date.parse(iso) + DUBAI_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}
