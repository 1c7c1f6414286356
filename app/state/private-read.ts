import type { ApiAnswer, ApiMethod, ApiPath } from "#core/api-operations.ts";
import { type ApiOptions, type ApiResult, api, getToken, type MethodOf } from "./session";

/**
 * Reads of a shopper's private data (cart, wishlist, reviews, orders) with SPEC §9's library defaults: a
 * failed read is retried 3 times with the delay doubling from 1 s up to 30 s, and what was read is kept
 * 5 minutes so a screen can show it at once while it reads again. Built on `api()` rather than TanStack
 * Query, which would add about 13 KB gzip to pages at the 150 KB limit (decision 0004).
 */
export const READ_RETRIES = 3;
export const RETRY_FIRST_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;
export const KEEP_MS = 5 * 60_000;

/** The wait before retry n (0-based): 1 s, 2 s, 4 s, … never above 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

/** A refusal (4xx) will not change by asking again; a network failure, 5xx or 429 may. */
function retryable(status: number): boolean {
  return status === 0 || status === 429 || status >= 500;
}

const kept = new Map<string, { at: number; value: ApiResult }>();
// One entry per session, call and body: can-review for one product is not another product's answer.
const keyOf = (path: string, token: string | null, body?: unknown) =>
  `${token ?? ""}\u0000${path}\u0000${JSON.stringify(body ?? null)}`;

/** What the last successful read of `path` (with this body) gave this session, if under 5 minutes old. */
export function peekPrivate(path: string, body?: unknown): ApiResult | undefined {
  const entry = kept.get(keyOf(path, getToken(), body));
  if (!entry || Date.now() - entry.at > KEEP_MS) return undefined;
  return entry.value;
}

/** Forgets what was kept (after a change the server made, or at log-out). */
export function forgetPrivate(path?: string): void {
  if (path === undefined) kept.clear();
  else for (const key of kept.keys()) if (key.split("\u0000")[1] === path) kept.delete(key);
}

/** api()'s read with retries and keeping; the answer is typed by the path as api() types it. */
export function readPrivate<P extends ApiPath<MethodOf<O>>, O extends ApiOptions = Record<never, never>>(
  path: P,
  options?: O,
  wait?: (ms: number) => Promise<void>,
): Promise<NoInfer<ApiResult<ApiAnswer<MethodOf<O>, P>>>>;
export async function readPrivate(
  path: ApiPath<ApiMethod>,
  options: ApiOptions = {},
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ApiResult> {
  const token = options.token ?? getToken();
  for (let attempt = 0; ; attempt++) {
    const result = await api(path, options);
    if (result.success) {
      kept.set(keyOf(path, token, options.body), { at: Date.now(), value: result });
      return result;
    }
    if (attempt >= READ_RETRIES || !retryable(result.status)) return result;
    await wait(retryDelay(attempt));
  }
}
