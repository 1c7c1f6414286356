import { useEffect, useRef, useState } from "react";
import type { ApiAnswer } from "#core/api-operations.ts";
import type { CartQuote } from "#core/cart.ts";
import { t } from "#core/i18n/index.ts";
import type { Locale } from "#core/i18n/locale.ts";
import type { StitchingChoice } from "#core/stitching-key.ts";
import { useCart } from "./cart-store";
import type { ApiResult } from "./session";

/** POST /api/cart/quote's success answer (core/api-operations.ts). */
type QuoteAnswer = ApiAnswer<"POST", "/api/cart/quote">;
type QuoteResult = ApiResult<QuoteAnswer>;

/**
 * A quote on screen: SPEC's CartQuote, and what the server's answer adds to it (issue 28's discount and
 * delivery fee, issue 29's ready date) when the server priced it; an empty cart's local quote has none.
 */
export type ShownQuote = CartQuote & Partial<Omit<QuoteAnswer, keyof CartQuote>>;

const EMPTY_QUOTE: CartQuote = {
  success: true,
  lines: [],
  subtotalFils: 0,
  shippingFils: 0,
  totalFils: 0,
  itemCount: 0,
  canCheckout: false,
};

export interface CartQuoteState {
  quote: ShownQuote | null;
  loading: boolean;
  error: string | null;
  refresh(): void;
}

type QuoteRequest = {
  productId: string;
  size: string;
  color: string;
  quantity: number;
  stitching?: StitchingChoice;
}[];

/** What the quote is asked besides the lines (issue 28): the code, and where and how it is delivered. */
export interface QuoteTerms {
  code?: string | null;
  /** The delivery address's emirate: an emirate may have its own fee. */
  emirate?: string | null;
  deliveryType?: string;
}

const quoteKey = (request: QuoteRequest, locale: Locale, terms: QuoteTerms) =>
  JSON.stringify({
    request,
    locale,
    terms: {
      ...(terms.code ? { code: terms.code } : {}),
      ...(terms.emirate ? { emirate: terms.emirate } : {}),
      ...(terms.deliveryType ? { deliveryType: terms.deliveryType } : {}),
    },
  });

/**
 * The server's price and stock of the current lines (POST /api/cart/quote): the server's price is the one
 * that counts, and a line with a problem blocks checkout (SPEC §2 /cart). Re-runs whenever the lines or the
 * discount code change; the previous answer stays on screen while the next one loads. `drawn` is the quote
 * the server drew the page with (its loader priced the cookie copy of the cart, with the code the page's
 * cookie held): it stands while the lines and the code are the ones it priced, so the page is not asked for
 * again after hydration. `terms` (issue 28) go with the lines: the server decides and prices the code and
 * the delivery fee; the drawn quote was priced with the terms of the first render.
 */
export function useCartQuote(
  locale: Locale = "en",
  drawn: ShownQuote | null = null,
  terms: QuoteTerms = {},
): CartQuoteState {
  const { ready, lines } = useCart();
  const [nonce, setNonce] = useState(0);
  // The drawn quote stands until the lines first differ from what it priced, or the page asks again.
  const drawnStands = useRef(drawn !== null);
  const [drawnKey] = useState(() =>
    drawn
      ? quoteKey(
          drawn.lines.map((l) => ({
            productId: l.productId,
            size: l.size,
            color: l.color,
            quantity: l.quantity,
            ...(l.stitching ? { stitching: l.stitching.choice } : {}),
          })),
          locale,
          terms,
        )
      : null,
  );
  const [answer, setAnswer] = useState<{ quote: ShownQuote | null; loading: boolean; error: string | null }>(
    () =>
      drawn ? { quote: drawn, loading: false, error: null } : { quote: null, loading: true, error: null },
  );
  const request: QuoteRequest = lines.map((l) => ({
    productId: l._id,
    size: l.selectedSize,
    color: l.selectedColor,
    quantity: l.quantity,
    ...(l.stitching ? { stitching: l.stitching } : {}),
  }));
  // The server names the products in the page's language (issue 14); prices and stock are the same.
  const key = quoteKey(request, locale, terms);

  useEffect(() => {
    if (!ready) return;
    if (drawnStands.current && nonce === 0 && key === drawnKey) return;
    drawnStands.current = false;
    const asked = JSON.parse(key) as { request: QuoteRequest; locale: Locale; terms: QuoteTerms };
    const body = { lines: asked.request, ...asked.terms };
    if (body.lines.length === 0) {
      setAnswer({ quote: EMPTY_QUOTE, loading: false, error: null });
      return;
    }
    let live = true;
    setAnswer((previous) => ({ ...previous, loading: true }));
    void import("./session")
      .then(
        ({ api }): Promise<QuoteResult> =>
          api(asked.locale === "ar" ? "/api/cart/quote?lang=ar" : "/api/cart/quote", { body }),
      )
      .then((result) => {
        if (!live) return;
        if (result.success && Array.isArray(result.lines)) {
          setAnswer({ quote: result, loading: false, error: null });
        } else {
          setAnswer({ quote: null, loading: false, error: result.message || t("cart.quoteFailed") });
        }
      });
    return () => {
      live = false;
    };
  }, [ready, key, nonce, drawnKey]);

  return { ...answer, refresh: () => setNonce((n) => n + 1) };
}
