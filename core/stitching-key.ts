/**
 * A stitched line's name (issue 29; decision 0042), free of zod so the browser's cart can use it: two
 * lines of one fabric with different services stay two lines. "" for a ready-made line.
 */
export interface StitchingChoice {
  styleId: string;
  profileId?: string | undefined;
  unit?: "cm" | "in" | undefined;
  values?: Record<string, number | string> | undefined;
  note?: string | undefined;
}

export const stitchingKey = (c: StitchingChoice | null | undefined): string =>
  // Kept short: the browser's cart carries it on every page. Values keep the order they were typed in.
  c ? JSON.stringify([c.styleId, c.profileId, c.unit, c.values, c.note?.trim() || undefined]) : "";

/** What a quote shows of a stitched line: the server's names, price and lead time. */
export interface StitchingQuote {
  choice: StitchingChoice;
  styleId: string;
  styleName: string;
  profileName: string | null;
  priceFils: number;
  leadDays: number;
}
