import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import {
  ALTERATION_NEXT,
  type AlterationCreate,
  type AlterationDto,
  type AlterationStatusName,
  type AlterationStep,
  type ShopperAlterations,
} from "#core/schemas/quotes.ts";
import {
  alterationEventsOf,
  alterationLabels,
  alterationsOfOrder,
  findAlteration,
  insertAlteration,
  insertAlterationEvent,
  listAlterations,
  moveAlteration,
} from "../../db/repositories/alterations.ts";
import { findOrder, orderLines } from "../../db/repositories/orders.ts";
import { lockOrderForRefund } from "../../db/repositories/refunds.ts";
import type { AlterationRequestTable } from "../../db/schema/quotes.ts";
import type { Database, OrderLineTable, OrderTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import type { Mailer } from "../../integrations/mail.ts";
import type { AuditRecorder } from "../admin-audit.ts";
import type { SettingsService } from "../admin-settings.ts";
import { DomainError } from "../errors.ts";
import { type AlterationMailed, alterationMail } from "../quotes/mail.ts";
import { deliveredAt, returnDeadline } from "../returns/options.ts";

/**
 * Alterations of made-to-measure lines (issue 29, part 4; decision 0043), on the pattern of returns
 * (decision 0032): the shopper asks within the window after delivery; the shop moves the request through
 * its steps (requested → accepted or refused → in progress → ready → returned); every step is an event
 * the order's timeline reads, and the steps she should know of are mailed in the order's language.
 */

type Db = Kysely<Database> | Transaction<Database>;

const orderNotFound = () => new DomainError("not_found", "not_found", "Order not found");

/** A line the workshop made: a made-to-measure snapshot (decision 0040). */
const madeToMeasure = (line: OrderLineTable) => line.stitching != null && line.stitching !== "";

export function createAlterationsService(ctx: {
  db: Kysely<Database>;
  mailer: Mailer;
  settings: SettingsService;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, settings, log } = ctx;

  async function dtos(executor: Db, rows: AlterationRequestTable[]): Promise<AlterationDto[]> {
    const [events, labels] = await Promise.all([
      alterationEventsOf(
        executor,
        rows.map((r) => r.id),
      ),
      alterationLabels(executor, rows),
    ]);
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      orderId: r.order_id,
      orderNumber: labels.orders.get(r.order_id) ?? "",
      lineId: r.order_line_id,
      lineName: labels.lines.get(r.order_line_id) ?? "",
      what: r.what,
      note: r.note,
      status: r.status,
      message: r.message,
      createdAt: r.created_at,
      steps: events
        .filter((e) => e.request_id === r.id)
        .map((e) => ({ at: e.at, step: e.step, message: e.message })),
    }));
  }

  async function window(executor: Db, order: OrderTable, now: Date) {
    const { alterationWindowDays } = await settings.current(executor);
    const delivered = await deliveredAt(executor, order);
    const deadline = delivered ? returnDeadline(delivered, alterationWindowDays) : null;
    return {
      windowDays: alterationWindowDays,
      delivered,
      deadline,
      open: deadline !== null && now.getTime() <= deadline.getTime(),
    };
  }

  async function ownOrder(executor: Db, userId: string, orderId: string): Promise<OrderTable> {
    const order = await findOrder(executor, orderId);
    if (!order?.placed_at || order.user_id !== userId) throw orderNotFound();
    return order;
  }

  async function mail(
    trx: Db,
    order: OrderTable,
    row: AlterationRequestTable,
    step: AlterationMailed,
    item: string,
  ) {
    if (!order.ship_email) return;
    const s = await settings.current(trx);
    const language = order.language === "ar" ? "ar" : "en";
    await mailer.enqueue(
      trx,
      alterationMail({
        to: order.ship_email,
        language,
        step,
        number: row.number,
        orderNumber: order.order_number,
        item,
        message: row.message,
        shopName: language === "ar" ? (s.shopNameAr ?? s.shopName) : s.shopName,
      }),
    );
  }

  function deliver() {
    mailer.flush().catch((error: unknown) => log.error({ err: error }, "alteration mail delivery failed"));
  }

  return {
    /** The shopper's order page: the window, her made-to-measure lines and her requests. */
    async shopperView(
      userId: string,
      orderId: string,
      now = new Date(),
    ): Promise<Omit<ShopperAlterations, "success">> {
      const order = await ownOrder(db, userId, orderId);
      const w = await window(db, order, now);
      const lines = (await orderLines(db, [order.id])).filter(madeToMeasure);
      return {
        windowDays: w.windowDays,
        open: w.open && lines.length > 0,
        deadline: w.deadline?.toISOString() ?? null,
        lines: lines.map((l) => ({ lineId: l.id, name: l.name })),
        alterations: await dtos(db, await alterationsOfOrder(db, order.id)),
      };
    },

    /** A shopper asks to alter a made-to-measure line of her delivered order, within the window. */
    async request(
      userId: string,
      orderId: string,
      input: AlterationCreate,
      now = new Date(),
    ): Promise<AlterationDto> {
      const id = newId();
      await db.transaction().execute(async (trx) => {
        // One request at a time per order: the count behind its number, and no line asked twice.
        await lockOrderForRefund(trx, orderId);
        const order = await ownOrder(trx, userId, orderId);
        const line = (await orderLines(trx, [order.id])).find((l) => l.id === input.lineId);
        if (!line)
          throw new DomainError("invalid", "validation", "The chosen item is not on this order", {
            field: "lineId",
          });
        if (!madeToMeasure(line))
          throw new DomainError(
            "conflict",
            "not_made_to_measure",
            `'${line.name}' is not made to measure: only a made-to-measure item can be altered`,
          );
        const w = await window(trx, order, now);
        if (!w.open)
          throw new DomainError(
            "conflict",
            "alteration_window_closed",
            w.delivered
              ? `Free alterations are taken within ${w.windowDays} days of delivery`
              : "An item can be altered once its order is delivered",
          );
        const existing = await alterationsOfOrder(trx, order.id);
        if (
          existing.some(
            (r) => r.order_line_id === line.id && r.status !== "refused" && r.status !== "returned",
          )
        )
          throw new DomainError(
            "conflict",
            "invalid_transition",
            `An alteration of '${line.name}' is already under way`,
          );
        const at = now.toISOString();
        const row: AlterationRequestTable = {
          id,
          order_id: order.id,
          order_line_id: line.id,
          number: `${order.order_number}-A${existing.length + 1}`,
          user_id: userId,
          what: input.what,
          note: input.note || null,
          status: "requested",
          message: null,
          created_at: at,
          updated_at: at,
        };
        await insertAlteration(trx, row);
        await insertAlterationEvent(trx, {
          id: newId(),
          request_id: id,
          order_id: order.id,
          at,
          step: "requested",
          actor: "shopper",
          message: row.note,
        });
        await mail(trx, order, row, "requested", line.name);
      });
      deliver();
      return (await dtos(db, [(await findAlteration(db, id))!]))[0]!;
    },

    /** The back office's list, newest first. */
    async list(status?: AlterationStatusName): Promise<AlterationDto[]> {
      return dtos(db, await listAlterations(db, status));
    },

    async get(id: string): Promise<AlterationDto> {
      const row = await findAlteration(db, id);
      if (!row) throw new DomainError("not_found", "not_found", "Alteration not found");
      return (await dtos(db, [row]))[0]!;
    },

    /** The shop's next step: checked against ALTERATION_NEXT, audited, and mailed unless in progress. */
    async step(id: string, input: AlterationStep, audit: AuditRecorder): Promise<AlterationDto> {
      await db.transaction().execute(async (trx) => {
        const row = await findAlteration(trx, id);
        if (!row) throw new DomainError("not_found", "not_found", "Alteration not found");
        if (!ALTERATION_NEXT[row.status].includes(input.step))
          throw new DomainError(
            "conflict",
            "invalid_transition",
            `An alteration that is ${row.status.replace("_", " ")} cannot become ${input.step.replace("_", " ")}`,
          );
        const at = new Date().toISOString();
        const message = input.message || null;
        if (!(await moveAlteration(trx, id, row.status, input.step, message ?? row.message, at)))
          throw new DomainError(
            "conflict",
            "invalid_transition",
            "The alteration changed meanwhile: reload it",
          );
        await insertAlterationEvent(trx, {
          id: newId(),
          request_id: id,
          order_id: row.order_id,
          at,
          step: input.step,
          actor: "shop",
          message,
        });
        await audit(trx, {
          action: "alteration.step",
          entity: "order",
          entityId: row.order_id,
          label: row.number,
          changes: [{ field: "status", before: row.status, after: input.step }],
        });
        if (input.step !== "in_progress") {
          const order = (await findOrder(trx, row.order_id))!;
          const line = (await orderLines(trx, [order.id])).find((l) => l.id === row.order_line_id);
          await mail(trx, order, { ...row, message }, input.step, line?.name ?? "");
        }
      });
      deliver();
      return this.get(id);
    },
  };
}

export type AlterationsService = ReturnType<typeof createAlterationsService>;
