import type { Generated } from "kysely";
import type { Locale as Language } from "#core/locale.ts";
import type { HomeVisitColumns } from "./home-visits.ts";

/**
 * Contact messages, stitching requests and the back office's replies to them (issues 12 and 15).
 * Re-exported by db/schema.ts, whose conventions they follow.
 */

/** The back office inbox's status (issue 15; 0007's answered/closed became in_progress/done). */
export type RequestStatus = "new" | "in_progress" | "done";

/** SPEC §3 Contact message, stored before the shop is mailed (issue 12). */
export interface ContactMessageTable {
  id: string;
  reference: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: Generated<RequestStatus>;
  language: Generated<Language>;
  /** The shop's notes on it (back office). */
  notes: Generated<string>;
  created_at: string;
}

/** SPEC §3 Stitching request, stored before the shop is mailed (issue 12). */
export interface StitchingRequestTable extends HomeVisitColumns {
  id: string;
  reference: string;
  user_id: string | null;
  name: string;
  phone: string;
  email: string | null;
  address_type: string;
  full_address: string;
  landmark: string | null;
  city: string;
  pin_code: string;
  service_type: string;
  item_count: number;
  message: string | null;
  status: Generated<RequestStatus>;
  language: Generated<Language>;
  /** The shop's notes on it (back office). */
  notes: Generated<string>;
  created_at: string;
}

/** A back-office reply to a contact message or stitching request, sent through the outbox. */
export interface RequestReplyTable {
  id: string;
  request_kind: "contact" | "stitching";
  request_id: string;
  author_id: string | null;
  author_name: string;
  to_address: string;
  subject: string;
  message: string;
  outbox_id: string | null;
  created_at: string;
}

/** The tables of this file, as db/schema.ts's Database holds them. */
export interface RequestsTables {
  contact_messages: ContactMessageTable;
  stitching_requests: StitchingRequestTable;
  request_replies: RequestReplyTable;
}
