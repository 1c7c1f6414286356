/**
 * Returns and exchanges (issue 24, part B; decision 0032). Re-exported by db/schema.ts, whose conventions
 * (booleans as 0/1 or booleans, money in fils) they follow.
 */

export type ReturnPolicy = "returnable" | "final_sale" | "made_to_measure";
export type ReturnKind = "return" | "exchange";
export type ReturnReason = "wrong_size" | "wrong_item" | "damaged" | "changed_mind";
export type ReturnStatus =
  | "requested"
  | "approved"
  | "refused"
  | "received"
  | "refunding"
  | "refunded"
  | "shipped";

export interface ReturnRequestTable {
  id: string;
  order_id: string;
  number: string;
  user_id: string;
  kind: ReturnKind;
  reason: ReturnReason;
  comment: string | null;
  status: ReturnStatus;
  message: string | null;
  resaleable: boolean | number | null;
  refund_id: string | null;
  courier: string | null;
  tracking_number: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnLineTable {
  id: string;
  request_id: string;
  order_line_id: string;
  quantity: number;
  exchange_variant_id: string | null;
  exchange_size: string | null;
  hold: "none" | "held" | "shipped" | "released";
}

export interface ReturnEventTable {
  id: string;
  request_id: string;
  order_id: string;
  at: string;
  step: string;
  actor: "shopper" | "shop";
  message: string | null;
}

/** The tables of this file, as db/schema.ts's Database holds them. */
export interface ReturnsTables {
  return_requests: ReturnRequestTable;
  return_lines: ReturnLineTable;
  return_events: ReturnEventTable;
}
