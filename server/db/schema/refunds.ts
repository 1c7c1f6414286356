/**
 * Refunds (issue 24; decision 0023) and the sandbox's record of the refunds it was asked for. Money in fils.
 */

export type RefundMethod = "paymennt" | "paymennt_dashboard" | "cash" | "bank_transfer";
export type RefundStatus = "pending" | "confirmed" | "refused";

export interface RefundTable {
  id: string;
  order_id: string;
  /** Our reference sent to Paymennt (referenceId); every retry of this refund reuses it. */
  request_id: string;
  idempotency_key: string | null;
  request_hash: string | null;
  amount_fils: number;
  method: RefundMethod;
  reference: string | null;
  reason: string;
  /** JSON: [{ lineId, quantity, amountFils }] when refunded by lines; [] for an amount. */
  lines: string;
  status: RefundStatus;
  provider_checkout_id: string | null;
  provider_status: string | null;
  failure: string | null;
  actor_id: string;
  actor_name: string;
  credit_note_id: string | null;
  checks: number;
  next_check_at: string | null;
  created_at: string;
  settled_at: string | null;
}

export interface SandboxRefundTable {
  id: string;
  checkout_id: string;
  reference_id: string;
  amount: string;
  note: string;
  created_at: string;
}

/** The tables of this file, as db/schema.ts's Database holds them. */
export interface RefundsTables {
  refunds: RefundTable;
  sandbox_refunds: SandboxRefundTable;
}
