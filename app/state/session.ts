import { useSyncExternalStore } from "react";
import type { ApiAnswer, ApiMethod, ApiPath } from "#core/api-operations.ts";
import { STORAGE_KEYS } from "#core/constants.ts";
import type { ErrorCode } from "#core/error-codes.ts";
import { hasPageMessage, pageMessage } from "#core/i18n/page-messages.ts";
import type { UserDto } from "#core/schemas/account.schema.ts";
import { cartCount } from "./cart-store";
import { loadingCounter } from "./loading";

/** SPEC §3 User, as GET /api/user/profile returns it. */
export type User = UserDto;

/**
 * SPEC §4 Session: a visitor (no token) or signed in (token held). `ready` is false on the server and
 * during hydration, so screens never act on "no token" before the browser's storage has been read.
 */
export interface SessionState {
  ready: boolean;
  token: string | null;
  user: User | null;
}

const SERVER_STATE: SessionState = { ready: false, token: null, user: null };
let state: SessionState | undefined;
const listeners = new Set<() => void>();

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.token) || null;
  } catch {
    return null;
  }
}

/**
 * Keeps the checkout pages' cookie copy of the token (core/session-cookie.ts) equal to storage, so the next
 * /checkout arrives drawn by the server. Written when this page first reads the session and at every change.
 */
function copyToCookie(token: string | null): void {
  if (typeof document === "undefined") return;
  // Its code comes when first needed, not with every page; it is here before anything could follow a
  // change (the first read fetches it), and the writes keep their order.
  void import("#core/session-cookie.ts").then(({ sessionCookieWrites }) => {
    for (const write of sessionCookieWrites(token, window.location.protocol === "https:")) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older iOS Safari.
      document.cookie = write;
    }
  });
}

function current(): SessionState {
  if (!state) {
    state = { ready: true, token: readStoredToken(), user: null };
    copyToCookie(state.token);
  }
  return state;
}

function set(next: Partial<SessionState>) {
  const before = current().token;
  state = { ...current(), ...next };
  if (state.token !== before) copyToCookie(state.token);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logged in or out: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.token) return;
    const token = readStoredToken();
    if (token !== current().token) set({ token, user: null });
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, current, () => SERVER_STATE);
}

export function getToken(): string | null {
  return current().token;
}

/** The keys the client sets itself on every result, whatever the answer carried. */
type Envelope = "success" | "message" | "code" | "field" | "status";

type KeysOf<T> = T extends unknown ? keyof T : never;
/**
 * A result for each shape the answer may take (a call with two possible answers has two): on a success all
 * its fields, on a refusal whatever came; the other shapes' fields absent, so a screen may test any of them.
 */
type Shapes<T, All = T> = T extends object
  ? { [K in Exclude<KeysOf<All>, keyof T | Envelope>]?: undefined } & (
      | (Omit<T, Envelope> & { success: true })
      | (Partial<Omit<T, Envelope>> & { success: false })
    )
  : never;

/**
 * SPEC §7 HTTP client: every answer carries success and message, plus the call's own fields (`T`, the
 * route's success answer from core/api-operations.ts): all of them on a success, which the server's
 * schema for it describes, and whatever came on a refusal.
 */
export type ApiResult<T = object> = Shapes<T> & {
  message?: string;
  /** The stable reason of a refusal (core/error-codes.ts): screens decide by it, never by `message`. */
  code?: ErrorCode;
  /** The form field a refusal is about (the error answer's `field`). */
  field?: string;
  /** The HTTP status; 0 when the request never reached the server. */
  status: number;
};

/**
 * The method a call's options mean, as api() sends it: the one named, else POST with a body and GET
 * without.
 */
export type MethodOf<O> = O extends { method: infer M extends ApiMethod }
  ? M
  : O extends { body: unknown }
    ? "POST"
    : "GET";

export interface ApiOptions {
  method?: ApiMethod;
  body?: unknown;
  /** Count the call in the global loading indicator (SPEC §1 overlay). */
  loading?: boolean;
  /** A token to send instead of the session's (the log-in merge runs before the session holds it). */
  token?: string;
  /** More request headers (the checkout's Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * The store's small HTTP client (SPEC §7): same-origin `/api/*`, the `token` header when one is held,
 * 200-299 is success. Failures come back as values, never thrown: a network error or an unreadable
 * answer gives `success: false` with the error's message, so every screen can show SPEC §8's texts.
 * A 401 to a call that carried a token means the session is over (expired or forged): it is ended here.
 */
export function api<P extends ApiPath<MethodOf<O>>, O extends ApiOptions = Record<never, never>>(
  path: P,
  options?: O,
): Promise<NoInfer<ApiResult<ApiAnswer<MethodOf<O>, P>>>>;
/** A call passed on by a helper (private reads, the cart's queue) whose own signature types the answer. */
export function api(path: ApiPath<ApiMethod>, options?: ApiOptions): Promise<ApiResult>;
/*
 * The one place the parsed JSON becomes the mapped answer type: the signature above is declared over this
 * implementation, which reads any path. The server checks every answer against the same schemas before it
 * leaves (decision 0028), and server/api-operations.test.ts keeps the map equal to the routes.
 */
export async function api(path: string, options: ApiOptions = {}): Promise<ApiResult> {
  const token = options.token ?? getToken();
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (token) headers.token = token;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.loading) loadingCounter.start();
  try {
    const response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
    });
    let payload: Record<string, unknown> = {};
    try {
      payload = (await response.json()) as Record<string, unknown>;
    } catch {
      payload = { message: response.statusText };
    }
    const ok = response.status >= 200 && response.status <= 299;
    if (response.status === 401 && token && token === getToken()) logout();
    const success = ok && payload.success !== false;
    const code = errorCodeOf(payload.code);
    const message = typeof payload.message === "string" ? payload.message : undefined;
    return {
      ...payload,
      success,
      message: screenMessage(success, code, message),
      code,
      status: response.status,
    };
  } catch (error) {
    return {
      success: false,
      message: screenMessage(false, "server_error", (error as Error).message),
      status: 0,
    };
  } finally {
    if (options.loading) loadingCounter.finish();
  }
}

/**
 * A refusal's code as the answer carries it: text from core/error-codes.ts's list (the server's contract
 * declares `code` as that enum); anything else is no code. A code this build does not know yet still
 * reads as one: screenMessage falls back to the server's sentence or the general text for it.
 */
export function errorCodeOf(value: unknown): ErrorCode | undefined {
  return typeof value === "string" ? (value as ErrorCode) : undefined;
}

/**
 * The text a screen shows for an answer. English pages show the server's own sentence (SPEC's texts);
 * an Arabic page shows its catalog's text for the answer's code (the server speaks English), and none
 * for a success, so the screen uses its own words (docs/decisions/0012-arabic.md).
 */
export function screenMessage(success: boolean, code: ErrorCode | undefined, message: string | undefined) {
  if (typeof document === "undefined" || document.documentElement.lang !== "ar") return message;
  if (success) return undefined;
  const key = `api.${code ?? "server_error"}` as const;
  if (hasPageMessage(key)) return pageMessage(key);
  return hasPageMessage("api.server_error") ? pageMessage("api.server_error") : message;
}

/** SPEC §7: GET /api/user/profile after login; failures are silently ignored. */
export async function refreshProfile(): Promise<User | null> {
  if (!getToken()) return null;
  const result = await api("/api/user/profile");
  if (result.success && result.user) {
    set({ user: result.user });
    return result.user;
  }
  return null;
}

/** How long log-in waits for the cart merge before going on (it still finishes in the background). */
const MERGE_WAIT_MS = 8000;

/**
 * SPEC §4 Session: login success stores the token in app state and browser storage, then fetches the
 * profile. Before the session holds the token, the browser's cart and wishlist are merged with the
 * account's (decision 0004), so the redirect that follows (SPEC §2: /cart when it has items) sees them.
 * The merge is loaded on demand: pages that never log in do not carry it.
 */
export async function login(token: string): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEYS.token, token);
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
  try {
    const { mergeAfterLogin } = await import("./cart-sync");
    // The client has no request timeout (SPEC §7); a slow merge must not hold the log-in up.
    await Promise.race([
      mergeAfterLogin(token),
      new Promise((resolve) => setTimeout(resolve, MERGE_WAIT_MS)),
    ]);
  } catch {
    // The shopper is signed in either way; the carts merge at the next log-in.
  }
  set({ token, user: null });
  await refreshProfile();
}

/** SPEC §4 Session: logout clears the token and the user and removes the stored token. */
export function logout(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.token);
  } catch {}
  set({ token: null, user: null });
}

/** SPEC §2: where a token holder goes from /login and /signup: the cart when it has items, else the shop. */
export function afterLoginPath(): string {
  return cartCount() > 0 ? "/cart" : "/shop";
}
