import type { ApiAnswer } from "#core/api-operations.ts";
import { type ApiResult, api, getToken } from "./session";

export type AddressListAnswer = ApiResult<ApiAnswer<"GET", "/api/address/get">>;

/** SPEC §7 GET /api/address/get; `overlay` counts it in the page's loading indicator. */
export const readAddressList = (overlay: boolean): Promise<AddressListAnswer> =>
  api("/api/address/get", { loading: overlay });

/** A read started before any screen showed the list; the next screen to open within 10 s takes it. */
let primed: { at: number; token: string | null; answer: Promise<AddressListAnswer> } | undefined;
let shown = 0;

/**
 * Starts reading the list while the screen that shows it is still loading (/checkout's form, whose code
 * arrives meanwhile). Small and loaded with the page, so the read does not wait for another file.
 */
export function primeAddressList(): void {
  if (shown > 0 || primed) return;
  primed = { at: Date.now(), token: getToken(), answer: readAddressList(true) };
}

/** The primed read, if it is this session's and fresh; a screen showing the list counts itself in `open`. */
export function takePrimedAddressList(): Promise<AddressListAnswer> | undefined {
  const taken = primed;
  primed = undefined;
  return taken && taken.token === getToken() && Date.now() - taken.at < 10_000 ? taken.answer : undefined;
}

/** A screen showing the list opened (+1) or closed (-1): a prime is pointless while one is open. */
export function countAddressListScreen(change: 1 | -1): void {
  shown += change;
}
