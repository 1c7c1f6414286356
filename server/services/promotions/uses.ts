import type { Transaction } from "kysely";
import {
  customerUses,
  findUseOfOrder,
  forceUse,
  giveBackUse,
  insertUse,
  moveUse,
  takeUse,
} from "../../db/repositories/promotions.ts";
import type { Database } from "../../db/schema.ts";
import { newId } from "../../ids.ts";

/**
 * A code's uses over an order's life (issue 28; decision 0038), always in the order's own transaction:
 * reserved when a card payment starts (like its stock hold), used when the order is placed, released
 * when the attempt ends without an order or the order is cancelled. Each move is a compare-and-set, so
 * the webhook, the reconciliation job and the shopper's return move a use once.
 */

type Trx = Transaction<Database>;

export class UseRefused extends Error {
  readonly reason: "used_up" | "per_customer";
  constructor(reason: "used_up" | "per_customer") {
    super(reason);
    this.reason = reason;
  }
}

/** Takes a use for the order: the last one goes to exactly one order; throws UseRefused otherwise. */
export async function takeOrderUse(
  trx: Trx,
  use: {
    promotionId: string;
    perCustomerLimit: number | null;
    orderId: string;
    userId: string;
    discountFils: number;
    status: "reserved" | "used";
    at: string;
  },
): Promise<void> {
  if (!(await takeUse(trx, use.promotionId))) throw new UseRefused("used_up");
  // Read under the code's row lock taken just above: two orders of one shopper are counted in turn.
  if (
    use.perCustomerLimit !== null &&
    (await customerUses(trx, use.promotionId, use.userId)) >= use.perCustomerLimit
  )
    throw new UseRefused("per_customer");
  await insertUse(trx, {
    id: newId(),
    promotion_id: use.promotionId,
    order_id: use.orderId,
    user_id: use.userId,
    status: use.status,
    discount_fils: use.discountFils,
    overshoot: false,
    created_at: use.at,
    updated_at: use.at,
  });
}

/**
 * The order is placed (its payment confirmed): a reserved use becomes used. A use released meanwhile
 * (the payment came after its attempt lapsed) is taken again whatever the limit: the order is honoured.
 * Returns a sentence for the owner when that took the code past its limit, else null.
 */
export async function confirmOrderUse(trx: Trx, orderId: string, at: string): Promise<string | null> {
  const use = await findUseOfOrder(trx, orderId);
  if (!use || use.status === "used") return null;
  if (use.status === "reserved") {
    await moveUse(trx, orderId, ["reserved"], "used", at);
    return null;
  }
  const overshoot = await forceUse(trx, use.promotion_id);
  if (!(await moveUse(trx, orderId, ["released"], "used", at, overshoot))) return null;
  return overshoot
    ? "paid after its discount code's reservation lapsed; the code is now over its usage limit"
    : null;
}

/** The attempt ended without an order, or the order is cancelled: its use is given back, once. */
export async function releaseOrderUse(trx: Trx, orderId: string, at: string): Promise<void> {
  const use = await findUseOfOrder(trx, orderId);
  if (!use || use.status === "released") return;
  if (await moveUse(trx, orderId, ["reserved", "used"], "released", at))
    await giveBackUse(trx, use.promotion_id);
}
