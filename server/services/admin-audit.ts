import type { Kysely, Transaction } from "kysely";
import type { AuditChange, AuditEntity, AuditEntry } from "#core/admin.ts";
import { dubaiDayRange } from "#core/schemas/admin/dubai-days.ts";
import { insertAuditRow, listAuditPeople, listAuditRows } from "../db/repositories/admin-audit.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditActor {
  id: string;
  name: string;
}

export interface AuditRecord {
  action: string;
  entity: AuditEntity;
  entityId: string;
  label: string;
  changes: AuditChange[];
}

/** Writes one audit row in the caller's transaction, so the log holds exactly the changes that happened. */
export type AuditRecorder = (db: Db, record: AuditRecord) => Promise<void>;

export function auditRecorder(actor: AuditActor): AuditRecorder {
  return async (db, record) => {
    await insertAuditRow(db, {
      id: newId(),
      at: new Date().toISOString(),
      actor_id: actor.id,
      actor_name: actor.name,
      action: record.action,
      entity: record.entity,
      entity_id: record.entityId,
      label: record.label,
      changes: JSON.stringify(record.changes),
    });
  };
}

/** The changed fields between two flat records (only the keys of `after`). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(before[field]) !== JSON.stringify(value))
      changes.push({ field, before: before[field] ?? null, after: value ?? null });
  }
  return changes;
}

export async function listAudit(
  db: Kysely<Database>,
  query: {
    entity?: AuditEntity;
    entityId?: string;
    actor?: string;
    from?: string;
    to?: string;
    page: number;
    limit: number;
  },
): Promise<{ entries: AuditEntry[]; total: number; people: { id: string; name: string }[] }> {
  const { start, end } = dubaiDayRange(query.from, query.to);
  const [{ rows, total }, people] = await Promise.all([
    listAuditRows(db, {
      entity: query.entity,
      entityId: query.entityId,
      actorId: query.actor,
      start,
      end,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    listAuditPeople(db),
  ]);
  return {
    total,
    people,
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at,
      actor: { id: r.actor_id, name: r.actor_name },
      action: r.action,
      entity: r.entity as AuditEntity,
      entityId: r.entity_id,
      label: r.label,
      changes: safeChanges(r.changes),
    })),
  };
}

function safeChanges(text: string): AuditChange[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as AuditChange[]) : [];
  } catch {
    return [];
  }
}
