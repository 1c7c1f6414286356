import { deleteExpiredKeys } from "../../db/repositories/idempotency.ts";
import { findOrder } from "../../db/repositories/orders.ts";
import {
  claimPayment,
  duePayments,
  findPayment,
  findPaymentByAnyId,
  releasePaymentClaim,
} from "../../db/repositories/payments.ts";
import type { PaymentTable } from "../../db/schema.ts";
import { metrics } from "../../operations/metrics.ts";
import { inJobSpan } from "../../telemetry/tracing.ts";
import { CHECK_INTERVAL_MS, CLAIM_MS, type OrdersContext } from "./context.ts";
import type { createSettlement } from "./settlement.ts";

/**
 * The work that happens without a shopper waiting (SPEC §8): Paymennt's webhook, and the reconciliation
 * job that asks about open attempts, expires lapsed holds and drops expired idempotency keys.
 */

export function createOrderJobs(ctx: OrdersContext, settlement: ReturnType<typeof createSettlement>) {
  const { db, log, background, track } = ctx;
  const { finalizePayment, settleUnpaid } = settlement;
  let timer: NodeJS.Timeout | undefined;
  let reconciling: Promise<unknown> | undefined;
  /** More work for each pass (pending refunds, issue 24). */
  const alsoTasks: ((now: Date) => Promise<unknown>)[] = [];

  async function reconcileOne(payment: PaymentTable, now: Date): Promise<void> {
    const result = await finalizePayment(payment.id, "reconciliation");
    if (result?.status !== "pending") return;
    const order = await findOrder(db, payment.order_id);
    const expiresAt = order?.hold_expires_at ? Date.parse(order.hold_expires_at) : 0;
    if (expiresAt <= now.getTime()) {
      // Past its hold and not paid (or the provider cannot say): release the stock. A payment that still
      // arrives later is honoured by finalizePayment when the stock allows, flagged otherwise.
      const fresh = (await findPayment(db, payment.id)) ?? payment;
      await settleUnpaid(
        fresh,
        "expired",
        result.unreachable ? "UNREACHABLE" : "HOLD_EXPIRED",
        "reconciliation",
      );
      return;
    }
    await releasePaymentClaim(db, payment.id, new Date(now.getTime() + CHECK_INTERVAL_MS).toISOString());
  }

  /** One pass of reconcile(): claims each due attempt, asks about it, settles or reschedules it. */
  async function reconcilePass(now: Date): Promise<number> {
    const nowIso = now.toISOString();
    const due = await duePayments(db, nowIso, 100);
    let handled = 0;
    for (const payment of due) {
      const until = new Date(now.getTime() + CLAIM_MS).toISOString();
      if (!(await claimPayment(db, payment.id, nowIso, until))) continue;
      handled += 1;
      metrics.reconciliationClaims.inc();
      try {
        await reconcileOne(payment, now);
      } catch (error) {
        log.error({ err: error, paymentId: payment.id }, "reconciliation of a payment failed");
      }
    }
    // The order calls' idempotency keys past their expiry go with the same pass (decision 0017).
    await deleteExpiredKeys(db, nowIso);
    for (const task of alsoTasks)
      await task(now).catch((error: unknown) => log.error({ err: error }, "reconciliation task failed"));
    return handled;
  }

  return {
    /** POST /api/webhooks/paymennt: the body only names a checkout; its status is read from Paymennt. */
    webhook(body: unknown): void {
      const hint = checkoutIdFrom(body);
      if (!hint) return;
      track(
        (async () => {
          const payment = await findPaymentByAnyId(db, hint);
          if (payment) await finalizePayment(payment.id, "webhook");
        })().catch((error: unknown) => log.error({ err: error }, "webhook handling failed")),
      );
    },

    /**
     * One pass of the reconciliation job: every open attempt whose check is due is claimed (one process
     * per attempt), asked about, and placed, cancelled, expired past its hold, or checked again later.
     */
    async reconcile(now = new Date()): Promise<number> {
      // A trace of its own (decision 0036): its queries and Paymennt checks have no request to nest in.
      return inJobSpan("reconciliation", {}, async (span) => {
        try {
          const handled = await reconcilePass(now);
          metrics.reconciliationRuns.inc({ outcome: "ok" });
          span?.setAttribute("reconciliation.claimed", handled);
          return handled;
        } catch (error) {
          metrics.reconciliationRuns.inc({ outcome: "failed" });
          throw error;
        }
      });
    },

    /** Adds work to every reconciliation pass (pending refunds, issue 24; decision 0023). */
    alsoReconcile(task: (now: Date) => Promise<unknown>) {
      alsoTasks.push(task);
    },

    /** Runs the reconciliation job every `everyMs` until stop(). */
    start(everyMs = 60_000) {
      if (timer) return;
      timer = setInterval(() => {
        if (reconciling) return;
        reconciling = this.reconcile()
          .catch((error: unknown) => log.error({ err: error }, "reconciliation failed"))
          .finally(() => {
            reconciling = undefined;
          });
      }, everyMs);
      timer.unref();
    },

    /** Stops the job and waits for work in flight (shutdown). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await reconciling;
      await this.idle();
    },

    /** Resolves when background work (webhook checks, mail handoffs) has finished. */
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}

/** The checkout id a webhook body names, wherever Paymennt puts it; nothing else of the body is used. */
function checkoutIdFrom(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const b = body as Record<string, unknown>;
  const nested = (v: unknown) => (v && typeof v === "object" ? (v as Record<string, unknown>).id : undefined);
  for (const candidate of [b.checkoutId, b.id, nested(b.checkout), nested(b.result), nested(b.data)]) {
    if (typeof candidate === "string" && candidate.length > 0 && candidate.length <= 200) return candidate;
    if (typeof candidate === "number") return String(candidate);
  }
  return undefined;
}
