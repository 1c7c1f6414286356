/** Display helpers of the back office (English only; money stays integer fils until shown). */
const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Dubai",
});
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Asia/Dubai" });

// The storefront's look ("AED 1,250", "AED 99.50"). Not core/money.ts's formatAed: a module shared with
// storefront chunks would regroup them (decision 0022-admin-ui), so the admin keeps its own formatter.
const wholeAed = new Intl.NumberFormat("en-AE", {
  style: "currency",
  currency: "AED",
  currencyDisplay: "code",
  maximumFractionDigits: 0,
});
const aed = new Intl.NumberFormat("en-AE", {
  style: "currency",
  currency: "AED",
  currencyDisplay: "code",
  minimumFractionDigits: 2,
});

export function formatFils(fils: number): string {
  return (fils % 100 === 0 ? wholeAed : aed).format(fils / 100);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

/** An AED amount typed by the owner ("450", "99.50") to fils, or undefined when it is not one. */
export function aedTextToFils(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const [whole, part = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}

export function filsToAedText(fils: number): string {
  return fils % 100 === 0 ? String(fils / 100) : (fils / 100).toFixed(2);
}
