/**
 * The checkout's Idempotency-Key (issue 21 finding 8; decision 0017). One key per attempt to order: a
 * Place Order that got no answer (the connection cut, a 5xx, 409 in progress) is retried under the same
 * key, so the store answers the first answer instead of making a second order. The key is kept in
 * sessionStorage beside a fingerprint of what is ordered (the order call's body: cart lines, address,
 * payment method, delivery type); any change of these starts a new attempt, and an answered attempt is
 * forgotten, so the next Place Order is a new one. Loaded with the checkout's code only.
 */

export const ORDER_ATTEMPT_STORAGE_KEY = "store.orderAttempt";

type KeyStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** A short, stable fingerprint of a JSON value (53-bit string hash; not a secret, only a change check). */
export function orderFingerprint(call: string, body: unknown): string {
  const text = `${call}\n${JSON.stringify(body)}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The key for this attempt: the kept one when the fingerprint is the same, else a new one, kept. Without
 * storage (private mode, blocked), a new key each time: the store then works as without keys.
 */
export function orderAttemptKey(
  fingerprint: string,
  storage: KeyStore | undefined,
  newKey: () => string = randomKey,
): string {
  try {
    const kept = JSON.parse(storage?.getItem(ORDER_ATTEMPT_STORAGE_KEY) ?? "null") as {
      fingerprint?: unknown;
      key?: unknown;
    } | null;
    if (kept?.fingerprint === fingerprint && typeof kept.key === "string") return kept.key;
  } catch {
    // An unreadable entry is replaced.
  }
  const key = newKey();
  try {
    storage?.setItem(ORDER_ATTEMPT_STORAGE_KEY, JSON.stringify({ fingerprint, key }));
  } catch {
    // Storage full or blocked: this attempt's retries get new keys.
  }
  return key;
}

/** A random UUID; from random bytes where randomUUID is missing (a page on plain http off localhost). */
function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/**
 * After an answer: a success or a refusal ends the attempt (the next Place Order is a new one); an
 * answer that leaves the outcome open keeps the key for the retry: no answer at all (status 0), a 5xx,
 * or 409 `in_progress`.
 */
export function endsOrderAttempt(answer: { status: number; code?: string }): boolean {
  if (answer.status === 0 || answer.status >= 500) return false;
  return !(answer.status === 409 && answer.code === "in_progress");
}

export function forgetOrderAttempt(storage: KeyStore | undefined): void {
  try {
    storage?.removeItem(ORDER_ATTEMPT_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
