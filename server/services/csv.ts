import { Readable } from "node:stream";

/**
 * CSV as spreadsheets read it (issue 26): UTF-8 with a byte-order mark (Excel then reads Arabic right),
 * CRLF line ends, cells quoted when they hold a comma, a quote or a line break (RFC 4180).
 */

/** A cell the shop computed (a figure): written as it is. Any other cell is text someone typed. */
export type CsvCell = string | { number: string };

/**
 * Text that a spreadsheet would run as a formula (it starts with =, +, - or @, or a tab or carriage
 * return before one) is prefixed with ' so it stays text: a shopper's name can never be a formula.
 */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map((c) => quote(typeof c === "string" ? safeText(c) : c.number)).join(",")}\r\n`;
}

/** Fils as AED with two decimals ("450.00"), the way an accountant's sheet sums them. */
export function fils(value: number): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The byte-order mark, the header row, then each chunk of rows as the source yields it. */
export function csvStream(header: readonly string[], rows: AsyncIterable<string>): Readable {
  async function* all() {
    yield `\uFEFF${csvRow(header)}`;
    yield* rows;
  }
  return Readable.from(all(), { objectMode: false });
}
