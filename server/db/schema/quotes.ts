/**
 * Quotes on stitching requests and alterations of made-to-measure lines (issue 29, part 4; decision
 * 0043). Re-exported by db/schema.ts, whose conventions (money in fils, times as ISO text) they follow.
 */

export type QuoteStatus = "open" | "accepted" | "withdrawn";

export interface StitchingQuoteTable {
  id: string;
  request_id: string;
  number: string;
  user_id: string | null;
  status: QuoteStatus;
  total_fils: number;
  /** YYYY-MM-DD (Dubai). */
  ready_date: string;
  expires_at: string;
  note: string | null;
  order_id: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface StitchingQuoteLineTable {
  id: string;
  quote_id: string;
  position: number;
  description: string;
  quantity: number;
  unit_price_fils: number;
}

export type AlterationWhat = "length" | "width" | "sleeves" | "other";
export type AlterationStatus = "requested" | "accepted" | "refused" | "in_progress" | "ready" | "returned";

export interface AlterationRequestTable {
  id: string;
  order_id: string;
  order_line_id: string;
  number: string;
  user_id: string;
  what: AlterationWhat;
  note: string | null;
  status: AlterationStatus;
  message: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlterationEventTable {
  id: string;
  request_id: string;
  order_id: string;
  at: string;
  step: string;
  actor: "shopper" | "shop";
  message: string | null;
}

/** The tables of this file, as db/schema.ts's Database holds them. */
export interface QuotesTables {
  stitching_quotes: StitchingQuoteTable;
  stitching_quote_lines: StitchingQuoteLineTable;
  alteration_requests: AlterationRequestTable;
  alteration_events: AlterationEventTable;
}
