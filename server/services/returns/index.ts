import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { ReturnCreate, ReturnRequestDto, ShopperAfterSale } from "#core/schemas/returns.ts";
import { findOrder, orderLines } from "../../db/repositories/orders.ts";
import { lockOrderForRefund } from "../../db/repositories/refunds.ts";
import {
  insertReturnEvent,
  insertReturnRequest,
  returnRequestsOf,
  variantsOfProducts,
} from "../../db/repositories/returns.ts";
import type { ReturnEventTable, ReturnLineTable } from "../../db/schema/returns.ts";
import type { Database, OrderTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import type { Mailer } from "../../integrations/mail.ts";
import { auditRecorder } from "../admin-audit.ts";
import type { SettingsService } from "../admin-settings.ts";
import { DomainError, type Refusal } from "../errors.ts";
import type { RefundsService } from "../refunds/index.ts";
import { createReturnSteps } from "./admin.ts";
import { type MailedStep, returnMail } from "./mail.ts";
import { loadReturnState, requestDto, returnOptions, sellingPrice } from "./options.ts";
import { orderTimeline } from "./timeline.ts";

/**
 * Returns and exchanges (issue 24, part B; docs/decisions/0032-returns-and-exchanges.md). The shopper
 * asks in My Account (this file); the shop answers step by step (admin.ts). Every step writes an event
 * (the order's timeline), an audit row and a mail to the shopper in her language, in one transaction.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface ReturnsContext {
  db: Kysely<Database>;
  mailer: Mailer;
  settings: SettingsService;
  refunds: RefundsService;
  log: FastifyBaseLogger;
}

/** The parts every step shares: its event, its mail, delivering mails after the commit. */
export function returnsKit(ctx: ReturnsContext) {
  async function shopName(trx: Db, order: OrderTable): Promise<string> {
    // Read in the caller's transaction: SQLite's one connection is held by it.
    const s = await ctx.settings.current(trx);
    return order.language === "ar" ? (s.shopNameAr ?? s.shopName) : s.shopName;
  }
  return {
    async event(trx: Db, e: Omit<ReturnEventTable, "id" | "at"> & { at?: string }) {
      await insertReturnEvent(trx, { ...e, id: newId(), at: e.at ?? new Date().toISOString() });
    },
    async mail(
      trx: Db,
      order: OrderTable,
      step: MailedStep,
      request: {
        kind: "return" | "exchange";
        number: string;
        courier?: string | null;
        tracking_number?: string | null;
      },
      sizes: string,
      message: string | null,
    ) {
      const mail = returnMail({
        order,
        step,
        kind: request.kind,
        number: request.number,
        sizes,
        message,
        courier: request.courier ?? null,
        trackingNumber: request.tracking_number ?? null,
        shopName: await shopName(trx, order),
      });
      if (mail) await ctx.mailer.enqueue(trx, mail);
    },
    deliver() {
      ctx.mailer
        .flush()
        .catch((error: unknown) => ctx.log.error({ err: error }, "return mail delivery failed"));
    },
  };
}

const refusal = (why: Refusal, code: ConstructorParameters<typeof DomainError>[1], message: string) =>
  new DomainError(why, code, message);
const orderNotFound = () => refusal("not_found", "not_found", "Order not found");

export function createReturnsService(ctx: ReturnsContext) {
  const { db } = ctx;
  const kit = returnsKit(ctx);

  /** The shopper's own placed order; anyone else's is simply not found. */
  async function ownOrder(executor: Db, userId: string, orderId: string): Promise<OrderTable> {
    const order = await findOrder(executor, orderId);
    if (!order?.placed_at || order.user_id !== userId) throw orderNotFound();
    return order;
  }

  async function requestsView(executor: Db, order: OrderTable) {
    const lines = await orderLines(executor, [order.id]);
    const requests = await returnRequestsOf(executor, order.id);
    const state = await loadReturnState(executor, order, lines, requests);
    return { lines, requests, state, dtos: requests.map((r) => requestDto(r, state)) };
  }

  return {
    ...createReturnSteps(ctx, kit),

    timeline: orderTimeline,

    /** The shopper's order page: its timeline, what she may still ask, and her requests. */
    async shopperView(
      userId: string,
      orderId: string,
      now = new Date(),
    ): Promise<Omit<ShopperAfterSale, "success">> {
      const order = await ownOrder(db, userId, orderId);
      const { state, dtos } = await requestsView(db, order);
      const { returnWindowDays } = await ctx.settings.current();
      return {
        timeline: await orderTimeline(db, order),
        returns: await returnOptions(db, order, state, returnWindowDays, now),
        requests: dtos,
      };
    },

    /**
     * A shopper asks to return or exchange chosen lines. In one transaction that first locks the order's
     * row (two requests at once never ask for the same unit twice): the order is hers and delivered, the
     * window is open, each line is returnable and has the units left, and an exchange's size is another
     * size of the same product at the price she paid, in stock now (it is reserved when approved).
     */
    async request(
      user: { id: string; name: string },
      orderId: string,
      input: ReturnCreate,
      now = new Date(),
    ): Promise<ReturnRequestDto> {
      const id = await db.transaction().execute(async (trx) => {
        await lockOrderForRefund(trx, orderId);
        const order = await ownOrder(trx, user.id, orderId);
        const { state, requests } = await requestsView(trx, order);
        const { returnWindowDays } = await ctx.settings.current(trx);
        const options = await returnOptions(trx, order, state, returnWindowDays, now);
        if (!options.open)
          throw refusal(
            "conflict",
            "return_window_closed",
            options.closedReason === "not_delivered"
              ? "An order can be returned or exchanged once it is delivered"
              : `Returns and exchanges are taken within ${returnWindowDays} days of delivery`,
          );
        const variants = await variantsOfProducts(
          trx,
          state.lines.map((l) => l.product_id),
        );
        const at = now.toISOString();
        const requestId = newId();
        const rows: ReturnLineTable[] = input.lines.map((want) => {
          const line = state.lines.find((l) => l.id === want.lineId);
          const option = options.lines.find((l) => l.lineId === want.lineId);
          if (!line || !option) throw refusal("invalid", "validation", "A chosen item is not on this order");
          if (option.policy !== "returnable")
            throw refusal(
              "conflict",
              "not_returnable",
              `'${line.name}' is ${option.policy === "final_sale" ? "a final sale" : "made to measure"} and cannot be returned or exchanged`,
            );
          if (want.quantity > option.returnableQuantity)
            throw refusal(
              "conflict",
              "return_exceeds_bought",
              `Only ${option.returnableQuantity} of '${line.name}' (${line.size}) can still be returned or exchanged`,
            );
          let exchangeSize: string | null = null;
          if (input.kind === "exchange") {
            const target = variants.find(
              (v) => v.id === want.exchangeVariantId && v.product_id === line.product_id,
            );
            if (!target || target.id === line.variant_id || target.archived_at != null)
              throw refusal("conflict", "exchange_unavailable", `Choose another size of '${line.name}'`);
            if (sellingPrice(target) !== Number(line.unit_price_fils))
              throw refusal(
                "conflict",
                "exchange_unavailable",
                `Size ${target.size} costs a different price: return the item and place a new order instead`,
              );
            if (target.stock !== null && target.stock - target.held_quantity < want.quantity)
              throw refusal("conflict", "exchange_unavailable", `Size ${target.size} is out of stock`);
            exchangeSize = target.size;
          }
          return {
            id: newId(),
            request_id: requestId,
            order_line_id: line.id,
            quantity: want.quantity,
            exchange_variant_id: input.kind === "exchange" ? (want.exchangeVariantId ?? null) : null,
            exchange_size: exchangeSize,
            hold: "none",
          };
        });
        const number = `${order.order_number}-R${requests.length + 1}`;
        await insertReturnRequest(
          trx,
          {
            id: requestId,
            order_id: order.id,
            number,
            user_id: user.id,
            kind: input.kind,
            reason: input.reason,
            comment: input.comment || null,
            status: "requested",
            message: null,
            resaleable: null,
            refund_id: null,
            courier: null,
            tracking_number: null,
            created_at: at,
            updated_at: at,
          },
          rows,
        );
        await kit.event(trx, {
          request_id: requestId,
          order_id: order.id,
          at,
          step: "requested",
          actor: "shopper",
          message: input.comment || null,
        });
        await auditRecorder({ id: user.id, name: user.name })(trx, {
          action: "order.return_requested",
          entity: "order",
          entityId: order.id,
          label: order.order_number,
          changes: [
            {
              field: input.kind,
              before: null,
              after: `${number}: ${input.reason}; ${rows
                .map((r) => {
                  const line = state.lines.find((l) => l.id === r.order_line_id);
                  return `${r.quantity} × ${line?.name} (${line?.size})${r.exchange_size ? ` → ${r.exchange_size}` : ""}`;
                })
                .join(", ")}`,
            },
          ],
        });
        await kit.mail(
          trx,
          order,
          "requested",
          { kind: input.kind, number },
          rows
            .map((r) => r.exchange_size)
            .filter(Boolean)
            .join(", "),
          null,
        );
        return requestId;
      });
      kit.deliver();
      const order = await ownOrder(db, user.id, orderId);
      const { dtos } = await requestsView(db, order);
      const dto = dtos.find((d) => d.id === id);
      if (!dto) throw orderNotFound();
      return dto;
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
