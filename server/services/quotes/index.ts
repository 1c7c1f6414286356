import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { DEFAULT_DELIVERY_TYPE } from "#core/constants.ts";
import { includedVat } from "#core/order.ts";
import {
  QUOTE_PRODUCT_ID,
  type QuoteAccept,
  type QuoteAcceptAnswer,
  type QuoteCreate,
  type QuoteDto,
} from "#core/schemas/quotes.ts";
import { findStitchingRow, updateInboxRow } from "../../db/repositories/admin-inbox.ts";
import { findOrder } from "../../db/repositories/orders.ts";
import {
  findQuote,
  insertQuote,
  linkQuoteOrder,
  quoteLabels,
  quoteLinesOf,
  quotesOfRequest,
  quotesOfUser,
  withdrawQuote,
} from "../../db/repositories/quotes.ts";
import type { UserRow } from "../../db/repositories/users.ts";
import type { StitchingQuoteLineTable, StitchingQuoteTable } from "../../db/schema/quotes.ts";
import type { Database, OrderLineTable, OrderTable } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import type { Mailer } from "../../integrations/mail.ts";
import type { AuditActor, AuditRecorder } from "../admin-audit.ts";
import type { SettingsService } from "../admin-settings.ts";
import { DomainError } from "../errors.ts";
import { CANCELLED, type OrdersService } from "../orders.ts";
import { quoteMail } from "./mail.ts";

/**
 * Quotes on stitching requests (issue 29, part 4; docs/decisions/0043-quotes-and-alterations.md). The
 * owner answers a request sent signed in with priced lines, a ready date and a validity; the shopper
 * accepts it in My Account and it becomes an order priced from the quote's rows (never from what the
 * browser sends), paid through Paymennt like checkout's or on delivery.
 */

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;

class LostRace extends Error {}

const notFound = () => new DomainError("not_found", "not_found", "Quote not found");

export function createQuotesService(ctx: {
  db: Kysely<Database>;
  mailer: Mailer;
  settings: SettingsService;
  orders: OrdersService;
  siteUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, settings, orders, log } = ctx;

  async function dtos(executor: Db, quotes: StitchingQuoteTable[], now: Date): Promise<QuoteDto[]> {
    const [lines, labels] = await Promise.all([
      quoteLinesOf(
        executor,
        quotes.map((q) => q.id),
      ),
      quoteLabels(executor, quotes),
    ]);
    return quotes.map((q) => ({
      id: q.id,
      number: q.number,
      requestId: q.request_id,
      requestReference: labels.references.get(q.request_id) ?? "",
      status: q.status === "open" && Date.parse(q.expires_at) < now.getTime() ? "expired" : q.status,
      lines: lines
        .filter((l) => l.quote_id === q.id)
        .map((l) => ({
          description: l.description,
          quantity: Number(l.quantity),
          unitPriceFils: Number(l.unit_price_fils),
          lineTotalFils: Number(l.unit_price_fils) * Number(l.quantity),
        })),
      totalFils: Number(q.total_fils),
      readyDate: q.ready_date,
      expiresAt: q.expires_at,
      note: q.note,
      acceptOnline: q.user_id !== null,
      orderId: q.order_id,
      orderNumber: q.order_id ? (labels.orderNumbers.get(q.order_id) ?? null) : null,
      createdAt: q.created_at,
    }));
  }

  async function one(executor: Db, quote: StitchingQuoteTable, now = new Date()): Promise<QuoteDto> {
    return (await dtos(executor, [quote], now))[0]!;
  }

  function deliver() {
    mailer.flush().catch((error: unknown) => log.error({ err: error }, "quote mail delivery failed"));
  }

  /** The order's and its lines' rows, priced from the quote's stored lines with today's VAT rate. */
  async function orderRows(
    quote: StitchingQuoteTable,
    user: UserRow,
  ): Promise<{ order: OrderTable; lineRows: OrderLineTable[] }> {
    const request = await findStitchingRow(db, quote.request_id);
    if (!request) throw notFound();
    const lines = await quoteLinesOf(db, [quote.id]);
    const { vatRate } = await settings.current();
    const id = newId();
    const at = new Date().toISOString();
    const lineRows: OrderLineTable[] = lines.map((l: StitchingQuoteLineTable, position) => {
      const total = Number(l.unit_price_fils) * Number(l.quantity);
      return {
        id: newId(),
        order_id: id,
        position,
        product_id: QUOTE_PRODUCT_ID,
        variant_id: null,
        sku: `${quote.number}-${position + 1}`,
        name: l.description,
        name_ar: null,
        size: "",
        color: "",
        image: "",
        unit_price_fils: Number(l.unit_price_fils),
        quantity: Number(l.quantity),
        line_total_fils: total,
        vat_fils: includedVat(total, vatRate),
      };
    });
    const total = lineRows.reduce((sum, l) => sum + l.line_total_fils, 0);
    const order: OrderTable = {
      id,
      order_number: "",
      user_id: user.id,
      status: "",
      payment_status: "pending",
      payment_mode: "online",
      delivery_type: DEFAULT_DELIVERY_TYPE,
      currency: "AED",
      subtotal_fils: total,
      shipping_fils: 0,
      tax_fils: lineRows.reduce((sum, l) => sum + l.vat_fils, 0),
      total_fils: total,
      ship_first_name: request.name,
      ship_last_name: "",
      ship_address: request.full_address,
      ship_landmark: request.landmark ?? "",
      ship_city: request.city,
      ship_state: request.city,
      ship_postcode: request.pin_code,
      ship_country: "UAE",
      // SPEC §5: the account's e-mail.
      ship_email: user.email ?? "",
      ship_phone: request.phone,
      needs_attention: false,
      attention_reason: null,
      hold_expires_at: null,
      placed_at: null,
      language: request.language,
      created_at: at,
      updated_at: at,
    };
    return { order, lineRows };
  }

  return {
    /** The back office: a request's quotes, oldest first. */
    async ofRequest(
      requestId: string,
      now = new Date(),
    ): Promise<{ quotes: QuoteDto[]; acceptOnline: boolean }> {
      const request = await findStitchingRow(db, requestId);
      if (!request) throw new DomainError("not_found", "not_found", "Request not found");
      return {
        quotes: await dtos(db, await quotesOfRequest(db, requestId), now),
        acceptOnline: request.user_id !== null,
      };
    },

    /** My Account: the shopper's quotes, newest first. */
    async ofUser(userId: string, now = new Date()): Promise<QuoteDto[]> {
      return dtos(db, await quotesOfUser(db, userId), now);
    },

    /**
     * The owner's quote on a request sent signed in: stored, audited and mailed to the shopper in the
     * request's language in one transaction. A request sent without an account is answered by mail.
     */
    async create(
      requestId: string,
      input: QuoteCreate,
      actor: AuditActor,
      audit: AuditRecorder,
      now = new Date(),
    ): Promise<QuoteDto> {
      const id = newId();
      await db.transaction().execute(async (trx) => {
        const request = await findStitchingRow(trx, requestId);
        if (!request) throw new DomainError("not_found", "not_found", "Request not found");
        if (!request.user_id)
          throw new DomainError(
            "conflict",
            "quote_not_online",
            "This request was sent without an account: it cannot be accepted online. Reply by e-mail or call the shopper instead.",
          );
        const s = await settings.current(trx);
        const lines = input.lines.map((l, position) => ({
          id: newId(),
          quote_id: id,
          position,
          description: l.description,
          quantity: l.quantity,
          unit_price_fils: Math.round(l.unitPrice * 100),
        }));
        const total = lines.reduce((sum, l) => sum + l.unit_price_fils * l.quantity, 0);
        if (total <= 0)
          throw new DomainError("invalid", "validation", "A quote's total must be more than AED 0", {
            field: "lines",
          });
        const count = (await quotesOfRequest(trx, requestId)).length;
        const at = now.toISOString();
        const quote: StitchingQuoteTable = {
          id,
          request_id: requestId,
          number: `${request.reference}-Q${count + 1}`,
          user_id: request.user_id,
          status: "open",
          total_fils: total,
          ready_date: input.readyDate,
          expires_at: new Date(now.getTime() + s.quoteValidDays * DAY_MS).toISOString(),
          note: input.note || null,
          order_id: null,
          created_by: actor.id,
          created_at: at,
          updated_at: at,
        };
        await insertQuote(trx, quote, lines);
        if (request.status === "new")
          await updateInboxRow(trx, "stitching", requestId, { status: "in_progress" });
        await audit(trx, {
          action: "quote.create",
          entity: "request",
          entityId: requestId,
          label: quote.number,
          changes: [{ field: "quote", before: null, after: total }],
        });
        if (request.email) {
          const dto = await one(trx, quote, now);
          const language = request.language === "ar" ? "ar" : "en";
          await mailer.enqueue(
            trx,
            quoteMail({
              to: request.email,
              language,
              number: quote.number,
              reference: request.reference,
              lines: dto.lines,
              totalFils: total,
              readyDate: quote.ready_date,
              expiresAt: quote.expires_at,
              note: quote.note,
              accountUrl: `${ctx.siteUrl.replace(/\/$/, "")}${language === "ar" ? "/ar" : ""}/account?tab=requests`,
              shopName: language === "ar" ? (s.shopNameAr ?? s.shopName) : s.shopName,
            }),
          );
        }
      });
      deliver();
      return one(db, (await findQuote(db, id))!, now);
    },

    /** The owner takes an open quote back; an accepted one stays (its order is cancelled as any order). */
    async withdraw(quoteId: string, audit: AuditRecorder): Promise<QuoteDto> {
      await db.transaction().execute(async (trx) => {
        const quote = await findQuote(trx, quoteId);
        if (!quote) throw notFound();
        if (!(await withdrawQuote(trx, quoteId, new Date().toISOString())))
          throw new DomainError("conflict", "invalid_transition", "Only an open quote can be withdrawn");
        await audit(trx, {
          action: "quote.withdraw",
          entity: "request",
          entityId: quote.request_id,
          label: quote.number,
          changes: [{ field: "status", before: "open", after: "withdrawn" }],
        });
      });
      return one(db, (await findQuote(db, quoteId))!);
    },

    /**
     * The shopper accepts her quote: an order priced from the quote, placed for cash on delivery or
     * pending with Paymennt's checkout. Accepting again answers with the same order (its checkout while
     * unpaid); only a card attempt that ended unpaid lets a new order replace it.
     */
    async accept(
      user: UserRow,
      quoteId: string,
      input: QuoteAccept,
      now = new Date(),
    ): Promise<QuoteAcceptAnswer> {
      for (let attempt = 0; ; attempt += 1) {
        const quote = await findQuote(db, quoteId);
        // Another shopper's quote is answered exactly like an unknown one.
        if (!quote || quote.user_id !== user.id) throw notFound();
        let replacing: string | null = null;
        if (quote.order_id) {
          const order = await findOrder(db, quote.order_id);
          if (order && order.status !== CANCELLED) {
            const open = order.placed_at ? undefined : await orders.openCheckoutOf(order.id);
            return {
              success: true,
              message: order.placed_at ? "Your order is placed" : "Redirecting to payment",
              orderId: order.id,
              orderNumber: order.order_number,
              checkoutUrl: open?.checkoutUrl ?? null,
              paymentId: open?.paymentId ?? null,
              placed: order.placed_at !== null,
            };
          }
          replacing = quote.order_id;
        } else if (quote.status === "withdrawn")
          throw new DomainError(
            "conflict",
            "quote_withdrawn",
            "The shop withdrew this quote: ask us for a new one",
          );
        if (Date.parse(quote.expires_at) < now.getTime())
          throw new DomainError("conflict", "quote_expired", "This quote has expired: ask us for a new one");
        if (input.method === "cod") await orders.assertCashOnDelivery();
        const prepared = await orderRows(quote, user);
        try {
          const started = await orders.placePrepared(prepared, input.method, async (trx) => {
            if (
              !(await linkQuoteOrder(trx, quote.id, prepared.order.id, replacing, new Date().toISOString()))
            )
              throw new LostRace();
          });
          return {
            success: true,
            message: input.method === "cod" ? "Your order is placed" : "Redirecting to payment",
            orderId: prepared.order.id,
            orderNumber: prepared.order.order_number,
            checkoutUrl: started.checkoutUrl,
            paymentId: started.paymentId,
            placed: input.method === "cod",
          };
        } catch (error) {
          // Another acceptance (a double tap, a second tab) linked its order first: answer with it.
          if (!(error instanceof LostRace) || attempt > 2) throw error;
        }
      }
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
