import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { AdminRole } from "#core/admin.ts";
import { fill } from "#core/i18n/locale.ts";
import { WORK_STEP_NAMES, WORKSHOP_TEXT } from "#core/i18n/workshop.ts";
import {
  fromMillimetres,
  MEASUREMENTS,
  type StitchingSnapshot,
  WORK_STEPS,
  type WorkStep,
} from "#core/schemas/measurements.ts";
import type { WorkshopAnswer, WorkshopLine } from "#core/schemas/stitching-styles.ts";
import { findOrder, insertOrderEvent } from "../db/repositories/orders.ts";
import { madeToMeasureLines, moveLineStep } from "../db/repositories/stitching-styles.ts";
import type { Database, OrderLineTable, OrderTable } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { escapeHtml, type Mailer, type MailMessage } from "../integrations/mail.ts";
import type { AuditRecorder } from "./admin-audit.ts";
import { AdminError, notFound } from "./admin-errors.ts";
import type { SettingsService } from "./admin-settings.ts";
import { parseStitching, workStepOf } from "./stitching-snapshot.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The note of the order event that records the ready mail: its presence means it was queued once. */
export const READY_EVENT_NOTE = "Made to measure ready: the shopper was told";

/** A line's step as the workshop treats it: a snapshot without a step is at its first. */
const stepOf = (line: OrderLineTable): WorkStep => workStepOf(line.work_step) ?? "measured";

/** The statuses that send the parcel on its way: refused while a made-to-measure line is not ready. */
const LEAVING = new Set(["Shipped", "Out for Delivery", "Delivered"]);

/**
 * The shipping rule (issue 29): an order whose made-to-measure lines are not all `ready` cannot be
 * shipped, put out for delivery or delivered. Called in the status change's transaction.
 */
export async function assertMadeToMeasureReady(db: Db, orderId: string, status: string): Promise<void> {
  if (!LEAVING.has(status)) return;
  const waiting = (await madeToMeasureLines(db, orderId)).filter((l) => stepOf(l) !== "ready");
  if (waiting.length === 0) return;
  const names = waiting.map((l) => `${l.name} (${WORK_STEP_NAMES.en[stepOf(l)].toLowerCase()})`).join(", ");
  throw new AdminError(
    "conflict",
    "invalid_transition",
    `This order cannot be marked '${status}' before its made-to-measure lines are ready: ${names}`,
  );
}

function toWorkshopLine(line: OrderLineTable, snapshot: StitchingSnapshot): WorkshopLine {
  return {
    lineId: line.id,
    position: Number(line.position),
    name: line.name,
    nameAr: line.name_ar || null,
    size: line.size,
    color: line.color,
    quantity: Number(line.quantity),
    style: { id: snapshot.style.id, name: snapshot.style.name, nameAr: snapshot.style.nameAr },
    profileName: snapshot.profileName,
    unit: snapshot.unit,
    valuesMm: snapshot.valuesMm,
    measurements: MEASUREMENTS.flatMap((m) => {
      const mm = snapshot.valuesMm[m.key];
      return mm === undefined
        ? []
        : [{ key: m.key, en: m.en, ar: m.ar, cm: fromMillimetres(mm, "cm"), in: fromMillimetres(mm, "in") }];
    }),
    note: snapshot.note,
    readyBy: snapshot.readyBy,
    workStep: stepOf(line),
    workStepAt: line.work_step_at ?? null,
  };
}

/** The mail telling the shopper every made-to-measure line of her order is ready, in her language. */
function readyMail(order: OrderTable, lines: WorkshopLine[], shopName: string): MailMessage | null {
  if (!order.ship_email) return null;
  const language = order.language === "ar" ? "ar" : "en";
  const t = WORKSHOP_TEXT[language];
  const values = { number: order.order_number, shop: shopName };
  const items = lines.map((l) => {
    const name = language === "ar" ? (l.nameAr ?? l.name) : l.name;
    const style = language === "ar" ? (l.style.nameAr ?? l.style.name) : l.style.name;
    return `${name} · ${style}${l.profileName ? ` · ${l.profileName}` : ""}`;
  });
  const paragraphs = [fill(t.mailIntro, values), t.mailLines, ...items.map((i) => `- ${i}`)];
  const closing = [t.mailNext, fill(t.mailThanks, values)];
  const dir = language === "ar" ? "rtl" : "ltr";
  return {
    kind: "order-mtm-ready",
    to: order.ship_email,
    subject: `${fill(t.mailSubject, values)} · ${shopName}`,
    text: [...paragraphs, "", ...closing].join("\n"),
    html:
      `<div dir="${dir}" lang="${language}">` +
      `<p>${escapeHtml(fill(t.mailIntro, values))}</p><p>${escapeHtml(t.mailLines)}</p>` +
      `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>` +
      closing.map((c) => `<p>${escapeHtml(c)}</p>`).join("") +
      "</div>",
  };
}

/**
 * The workshop's view of an order (issue 29, part 2; decision 0041): its made-to-measure lines with
 * their measurements and steps, a step move (forward by anyone of the shop, back by the owner only;
 * stored with work_step_at, as an order event and in the audit log), and the ready mail once the last
 * line is ready.
 */
export function createWorkshop(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  settings: SettingsService;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, settings, log } = options;

  async function view(orderId: string, role: AdminRole): Promise<WorkshopAnswer> {
    const order = await findOrder(db, orderId);
    if (!order?.placed_at) throw notFound("Order");
    const lines = await madeToMeasureLines(db, orderId);
    return {
      success: true,
      orderNumber: order.order_number,
      customerName: `${order.ship_first_name} ${order.ship_last_name}`.trim(),
      placedAt: order.placed_at,
      lines: lines.flatMap((line) => {
        const snapshot = parseStitching(line.stitching);
        return snapshot ? [toWorkshopLine(line, snapshot)] : [];
      }),
      canMoveBack: role === "owner",
      steps: WORK_STEPS.map((key) => ({ key, en: WORK_STEP_NAMES.en[key], ar: WORK_STEP_NAMES.ar[key] })),
    };
  }

  return {
    view,

    async moveStep(
      orderId: string,
      lineId: string,
      to: WorkStep,
      actor: { id: string; name: string; role: AdminRole },
      audit: AuditRecorder,
    ): Promise<WorkshopAnswer & { mailed: boolean }> {
      const mailed = await db.transaction().execute(async (trx) => {
        const order = await findOrder(trx, orderId);
        if (!order?.placed_at) throw notFound("Order");
        if (order.status === "Cancelled")
          throw new AdminError(
            "conflict",
            "invalid_transition",
            "A cancelled order's lines are not worked on",
          );
        const lines = await madeToMeasureLines(trx, orderId);
        const line = lines.find((l) => l.id === lineId);
        const snapshot = line ? parseStitching(line.stitching) : null;
        if (!line || !snapshot) throw notFound("Made-to-measure line");
        const from = stepOf(line);
        const direction = WORK_STEPS.indexOf(to) - WORK_STEPS.indexOf(from);
        if (direction === 0)
          throw new AdminError("conflict", "invalid_transition", `This line is already at '${to}'`);
        if (direction < 0 && actor.role !== "owner")
          throw new AdminError("forbidden", "forbidden", "Only the shop's owner can move a line back a step");
        const at = new Date().toISOString();
        // A line placed before its step was written is at 'measured'; the move is conditional on the step read.
        const moved = line.work_step
          ? await moveLineStep(trx, lineId, line.work_step, to, at)
          : await trx
              .updateTable("order_lines")
              .set({ work_step: to, work_step_at: at })
              .where("id", "=", lineId)
              .where("work_step", "is", null)
              .executeTakeFirst()
              .then((r) => Number(r.numUpdatedRows) === 1);
        if (!moved)
          throw new AdminError("conflict", "invalid_transition", "The line moved meanwhile: reload it");
        const label = `${line.name} · ${snapshot.style.name}`;
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: orderId,
          at,
          actor: `staff:${actor.name}`,
          from_status: order.status,
          to_status: order.status,
          note: `Workshop: ${label}: ${WORK_STEP_NAMES.en[from]} → ${WORK_STEP_NAMES.en[to]}`,
        });
        await audit(trx, {
          action: "order.work_step",
          entity: "order",
          entityId: orderId,
          label: order.order_number,
          changes: [{ field: `line ${Number(line.position) + 1} step`, before: from, after: to }],
        });
        if (to !== "ready") return false;
        const now = lines.map((l) => (l.id === lineId ? { ...l, work_step: to, work_step_at: at } : l));
        if (now.some((l) => stepOf(l) !== "ready")) return false;
        // Once per order: a line moved back and forward again does not mail her twice.
        const told = await trx
          .selectFrom("order_events")
          .select("id")
          .where("order_id", "=", orderId)
          .where("note", "=", READY_EVENT_NOTE)
          .executeTakeFirst();
        if (told) return false;
        const shop = await settings.current(trx);
        const shopName = order.language === "ar" ? (shop.shopNameAr ?? shop.shopName) : shop.shopName;
        const workshopLines = now.flatMap((l) => {
          const s = parseStitching(l.stitching);
          return s ? [toWorkshopLine(l, s)] : [];
        });
        const mail = readyMail(order, workshopLines, shopName);
        await insertOrderEvent(trx, {
          id: newId(),
          order_id: orderId,
          at,
          actor: "system",
          from_status: order.status,
          to_status: order.status,
          note: READY_EVENT_NOTE,
        });
        if (!mail) return false;
        await mailer.enqueue(trx, mail);
        return true;
      });
      if (mailed)
        mailer.flush().catch((error: unknown) => log.error({ err: error }, "ready mail delivery failed"));
      return { ...(await view(orderId, actor.role)), mailed };
    },
  };
}

export type Workshop = ReturnType<typeof createWorkshop>;
