import { isBadText } from "./text.ts";

/**
 * A visitor's cart lines and wishes added without JavaScript (docs/decisions/0033-cart-and-taps-before-
 * javascript.md): the product page's plain form posts to its action, which cannot reach the browser's
 * localStorage (SPEC §3), so it keeps them in this cookie until the first hydrated page merges them there
 * and removes it. The value is `payload.signature`: the payload (below, base64url JSON) signed by the
 * server with its secret, so a changed cookie is refused by every server reader. The browser reads the
 * payload only to put it in its own storage, as if the shopper had tapped the same buttons.
 */
export const PENDING_COOKIE = "store_pending";

/** One line: product, size, colour and quantity, as core/cart-cookie.ts's copy names them. */
export type PendingLine = [productId: string, size: string, color: string, quantity: number];
/** One wish: the product, and the size that was chosen when the heart was tapped (its price is the quote's). */
export type PendingWish = [productId: string, size: string];

export interface Pending {
  lines: PendingLine[];
  wishes: PendingWish[];
}

/** Past these a post is refused (the cookie holds about 4 KB); SPEC's cart has no such limit once merged. */
export const PENDING_MAX_LINES = 20;
export const PENDING_MAX_WISHES = 20;

export const emptyPending = (): Pending => ({ lines: [], wishes: [] });

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The payload half of the cookie's value. */
export function encodePending(pending: Pending): string {
  return toBase64Url(JSON.stringify({ c: pending.lines, w: pending.wishes }));
}

const isText = (value: unknown): value is string =>
  typeof value === "string" && value.length <= 64 && !isBadText(value);

/** The payload's lines and wishes, or null when it is not one this shop wrote. */
export function decodePending(payload: string): Pending | null {
  try {
    const data = JSON.parse(fromBase64Url(payload)) as { c?: unknown; w?: unknown };
    if (!Array.isArray(data.c) || !Array.isArray(data.w)) return null;
    if (data.c.length > PENDING_MAX_LINES || data.w.length > PENDING_MAX_WISHES) return null;
    const lines: PendingLine[] = [];
    for (const row of data.c as unknown[]) {
      if (!Array.isArray(row) || row.length !== 4) return null;
      const [id, size, color, quantity] = row as unknown[];
      if (!isText(id) || !isText(size) || !isText(color)) return null;
      if (!Number.isInteger(quantity) || (quantity as number) < 1) return null;
      lines.push([id, size, color, quantity as number]);
    }
    const wishes: PendingWish[] = [];
    for (const row of data.w as unknown[]) {
      if (!Array.isArray(row) || row.length !== 2) return null;
      const [id, size] = row as unknown[];
      if (!isText(id) || !isText(size)) return null;
      wishes.push([id, size]);
    }
    return { lines, wishes };
  } catch {
    return null;
  }
}

/** The cookie's raw value from a `Cookie` header (or `document.cookie`), or null. */
export function pendingCookieValue(header: string | null | undefined): string | null {
  const prefix = `${PENDING_COOKIE}=`;
  const found = header
    ?.split(/;\s*/)
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  return found ? found : null;
}
