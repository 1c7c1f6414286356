import { createHash, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import { tOrder } from "#core/i18n/en-orders.ts";
import type { Config } from "../config.ts";
import {
  commitKey,
  findKey,
  insertKeyClaim,
  releaseCommittedKey,
  releaseKey,
  storeAnswer,
  takeOverKey,
} from "../db/repositories/idempotency.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "./errors.ts";
import type { OrderCommitHooks } from "./orders.ts";

/**
 * Idempotency-Key on the order calls (issue 21 finding 8; docs/decisions/0017-idempotency.md). A shopper's
 * key is claimed by inserting an in-progress row; the row becomes the order's inside the order's own
 * transaction (services/orders/ calls `committing` last), so a crash before the commit leaves no order
 * and an abandoned claim, and a crash after it leaves the order and its key together. A repeat with the
 * same body gets the stored answer (or, for an online payment committed without one, the same attempt
 * resumed); with another body, 422; while the first is still before its commit, 409 `in_progress`.
 */

/** 8 to 200 printable ASCII characters (a UUID is 36). */
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** How long an in-progress claim stands before a repeat may take it over as abandoned. */
export const CLAIM_MS = 60_000;
/** How long a key is remembered. */
export const KEY_TTL_MS = 24 * 60 * 60_000;

/** The header as the OpenAPI document declares it on both order calls. */
export const IdempotencyHeadersSchema = z
  .object({
    "idempotency-key": z
      .string()
      .optional()
      .describe(
        "Optional, 8-200 printable ASCII characters (a UUID per attempt). A repeat with the same key and body answers the first answer and creates nothing; the same key with another body is refused (422); a repeat while the first is still running is refused (409 `in_progress`). Keys are the shopper's own and kept 24 hours.",
      ),
  })
  .loose();

/** The header's value; undefined without one (the call works as it always did), 400 when malformed. */
export function idempotencyKeyFrom(headers: Record<string, unknown>): string | undefined {
  const value = headers["idempotency-key"];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !KEY_PATTERN.test(value))
    throw new DomainError("invalid", "idempotency_key_invalid", tOrder("orderApi.keyInvalid"));
  return value;
}

/** JSON with object keys sorted at every level: the same order reads the same whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The request's identity under a key: the call and the order as the server reads it (the parsed body). */
export function requestHash(call: string, payload: unknown): string {
  return createHash("sha256")
    .update(`${call}\n${canonicalJson(payload)}`)
    .digest("hex");
}

type Claim =
  | { kind: "owned"; claim: string }
  | { kind: "replay"; status: number; body: object }
  | { kind: "resume"; paymentId: string };

export interface IdempotentCall<T extends object> {
  userId: string;
  /** The Idempotency-Key header (idempotencyKeyFrom); without one the work simply runs. */
  key: string | undefined;
  /** Which call: part of the request's identity. */
  call: "order/paymennt" | "order/place";
  payload: unknown;
  /** The order call, given the hooks that commit the key with the order. */
  work(hooks?: OrderCommitHooks): Promise<T>;
  /** An online payment committed without an answer: its answer, or undefined when nothing lives on. */
  resume?(paymentId: string): Promise<T | undefined>;
}

export function createIdempotencyService(options: {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
}) {
  const { db, config, log } = options;

  /**
   * Test-only (NODE_ENV=test): STORE_TEST_CRASH_AFTER_ORDER_COMMIT kills the process with SIGKILL right
   * after the order's transaction commits (`order`, or any other value), or after an online payment's
   * answer is stored (`answer`), before the shopper is answered: the crash tests' cut connection.
   */
  function crashAt(point: "order" | "answer"): void {
    if (config.NODE_ENV !== "test") return;
    const wanted = process.env.STORE_TEST_CRASH_AFTER_ORDER_COMMIT;
    if (!wanted) return;
    if ((wanted === "answer" ? "answer" : "order") !== point) return;
    process.kill(process.pid, "SIGKILL");
  }

  async function claim(userId: string, key: string, hash: string): Promise<Claim> {
    for (let round = 0; round < 3; round++) {
      const now = Date.now();
      const fresh = {
        request_hash: hash,
        claim: randomUUID(),
        claimed_until: new Date(now + CLAIM_MS).toISOString(),
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + KEY_TTL_MS).toISOString(),
      };
      const inserted = await insertKeyClaim(db, {
        ...fresh,
        user_id: userId,
        key,
        state: "in_progress",
        order_id: null,
        payment_id: null,
        answer_status: null,
        answer_body: null,
      });
      if (inserted) return { kind: "owned", claim: fresh.claim };
      const row = await findKey(db, userId, key);
      if (!row) continue; // released meanwhile: claim it afresh
      const expired = Date.parse(row.expires_at) <= now;
      if (!expired && row.request_hash !== hash)
        throw new DomainError("unprocessable", "idempotency_key_reused", tOrder("orderApi.keyReused"));
      if (!expired && row.state === "done" && row.answer_body !== null)
        return { kind: "replay", status: row.answer_status ?? 200, body: JSON.parse(row.answer_body) };
      if (!expired && row.state === "committed" && row.payment_id)
        return { kind: "resume", paymentId: row.payment_id };
      const abandoned = row.state === "in_progress" && Date.parse(row.claimed_until ?? "") <= now;
      if (!expired && !abandoned) throw inProgress();
      if (await takeOverKey(db, row, fresh)) return { kind: "owned", claim: fresh.claim };
    }
    throw inProgress();
  }

  async function run<T extends object>(
    call: IdempotentCall<T>,
    resumed = false,
  ): Promise<{ body: T; replayed: boolean }> {
    if (call.key === undefined) return { body: await call.work(), replayed: false };
    const ref = { userId: call.userId, key: call.key };
    const got = await claim(call.userId, call.key, requestHash(call.call, call.payload));
    // Only answers of committed orders are stored, and they are 200s.
    if (got.kind === "replay") return { body: got.body as T, replayed: true };
    if (got.kind === "resume") {
      const answer = call.resume ? await call.resume(got.paymentId) : undefined;
      if (answer === undefined) {
        // The attempt ended without a checkout (its provider call failed): nothing lives on, run afresh.
        await releaseCommittedKey(db, ref);
        if (resumed) throw inProgress();
        return run(call, true);
      }
      await storeAnswer(db, ref, { status: 200, body: JSON.stringify(answer) });
      crashAt("answer");
      return { body: answer, replayed: true };
    }
    const owned = { ...ref, claim: got.claim };
    const hooks: OrderCommitHooks = {
      async committing(trx, facts) {
        const committed = await commitKey(trx, owned, {
          state: facts.answer ? "done" : "committed",
          order_id: facts.orderId,
          payment_id: facts.paymentId ?? null,
          answer_status: facts.answer ? 200 : null,
          answer_body: facts.answer ? JSON.stringify(facts.answer) : null,
        });
        // Taken over as abandoned while this request was slow: the other request owns the key now.
        if (!committed) throw inProgress();
      },
      committed: () => crashAt("order"),
    };
    let answer: T;
    try {
      answer = await call.work(hooks);
    } catch (error) {
      // Nothing committed under the key (a refusal, a 5xx before the commit): the next request runs
      // afresh. A key committed with its order stays (a 502 after it is resumed, then released).
      await releaseKey(db, owned).catch((e: unknown) =>
        log.error({ err: e }, "idempotency key release failed"),
      );
      throw error;
    }
    if (call.call === "order/paymennt") {
      await storeAnswer(db, ref, { status: 200, body: JSON.stringify(answer) });
      crashAt("answer");
    }
    return { body: answer, replayed: false };
  }

  return { run };
}

function inProgress(): DomainError {
  return new DomainError("conflict", "in_progress", tOrder("orderApi.keyInProgress"), {
    retryAfterSeconds: 1,
  });
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
