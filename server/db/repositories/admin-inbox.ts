import type { Kysely, Transaction } from "kysely";
import type { InboxKind, InboxQuery } from "#core/admin.ts";
import type { Locale as Language } from "#core/locale.ts";
import type {
  ContactMessageTable,
  Database,
  OutboxStatus,
  RequestReplyTable,
  RequestStatus,
  StitchingRequestTable,
} from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type ContactRow = Omit<ContactMessageTable, "status" | "notes" | "language"> & {
  language: Language;
  status: RequestStatus;
  notes: string;
};
export type StitchingRow = Omit<StitchingRequestTable, "status" | "notes" | "language"> & {
  language: Language;
  status: RequestStatus;
  notes: string;
};

export interface InboxListRow {
  kind: InboxKind;
  id: string;
  reference: string;
  name: string;
  subject: string;
  status: RequestStatus;
  created_at: string;
}

/** Contact messages and stitching requests in one list, newest first. */
export async function listInboxRows(
  db: Db,
  query: InboxQuery,
): Promise<{ rows: InboxListRow[]; total: number }> {
  let contact = db
    .selectFrom("contact_messages")
    .select((eb) => [
      eb.val<string>("contact").as("kind"),
      "id",
      "reference",
      "name",
      "subject",
      "status",
      "created_at",
    ]);
  let stitching = db
    .selectFrom("stitching_requests")
    .select((eb) => [
      eb.val<string>("stitching").as("kind"),
      "id",
      "reference",
      "name",
      "service_type as subject",
      "status",
      "created_at",
    ]);
  if (query.status) {
    contact = contact.where("status", "=", query.status);
    stitching = stitching.where("status", "=", query.status);
  }
  const union =
    query.kind === "contact" ? contact : query.kind === "stitching" ? stitching : contact.unionAll(stitching);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(union.as("inbox"))
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db
      .selectFrom(union.as("inbox"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, kind: r.kind as InboxKind, status: r.status as RequestStatus })),
    total: Number(count.n),
  };
}

export async function findContactRow(db: Db, id: string): Promise<ContactRow | undefined> {
  return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findStitchingRow(db: Db, id: string): Promise<StitchingRow | undefined> {
  return db.selectFrom("stitching_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updateInboxRow(
  db: Db,
  kind: InboxKind,
  id: string,
  patch: { status?: RequestStatus; notes?: string },
): Promise<void> {
  const table = kind === "contact" ? "contact_messages" : "stitching_requests";
  await db.updateTable(table).set(patch).where("id", "=", id).execute();
}

export async function insertRequestReply(db: Db, row: RequestReplyTable): Promise<void> {
  await db.insertInto("request_replies").values(row).execute();
}

/** A request's replies, oldest first, each with its mail's outbox status (null if the mail is gone). */
export async function listRequestReplies(
  db: Db,
  kind: InboxKind,
  id: string,
): Promise<(RequestReplyTable & { mail_status: OutboxStatus | null })[]> {
  return db
    .selectFrom("request_replies")
    .leftJoin("outbox", "outbox.id", "request_replies.outbox_id")
    .selectAll("request_replies")
    .select("outbox.status as mail_status")
    .where("request_replies.request_kind", "=", kind)
    .where("request_replies.request_id", "=", id)
    .orderBy("request_replies.created_at")
    .orderBy("request_replies.id")
    .execute();
}

export async function countNewInbox(db: Db, kind: InboxKind): Promise<number> {
  const table = kind === "contact" ? "contact_messages" : "stitching_requests";
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
