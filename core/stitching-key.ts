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

export function stitchingKey(c: StitchingChoice | null | undefined): string {
  if (!c) return "";
  const v = c.values ?? {};
  const values = Object.keys(v)
    .sort()
    .map((k) => `${k}=${String(v[k]).trim()}`);
  return [c.styleId, c.profileId ?? "", c.unit ?? "", values.join(), c.note?.trim() ?? ""].join("|");
}

/** What a quote shows of a stitched line: the server's names, price and lead time. */
export interface StitchingQuote {
  choice: StitchingChoice;
  styleId: string;
  styleName: string;
  profileName: string | null;
  priceFils: number;
  leadDays: number;
}
