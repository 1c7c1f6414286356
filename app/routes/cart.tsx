import { Heart, ShoppingBag, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";

import { type CartLine, type CartQuote, type CartQuoteLine, quotedLine, sameLine } from "#core/cart.ts";
import { cartTotals } from "#core/cart-totals.ts";
import { localeOfPath } from "#core/i18n/locale.ts";
import { stitchingKey } from "#core/stitching-key.ts";
import { ReadyByNote, StitchedLineNote } from "../components/cart/stitched-line";
import { CodeBox } from "../components/checkout/code-box";
import { MediaImage, Price } from "../components/media-image";
import { drawnCartLines } from "../lib/cart-forms.server";
import { clientIpContext, getServices } from "../lib/context";
import { Link, useFormat, useLocale, useT } from "../lib/i18n";
import { codeFromCookie, storeCode, storedCode } from "../lib/promo-code";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import {
  clearCart,
  getCartLines,
  moveToWishlist,
  removeFromCart,
  setCartLines,
  updateCartQuantity,
  useCart,
} from "../state/cart";
import { useCartQuote } from "../state/cart-quote";
import { signedIn } from "../state/wishlist-store";
import type { Route } from "./+types/cart";

/** The cart as the server drew it: the cookie copy's lines, priced (null when the server does not know it). */
export interface DrawnCart {
  lines: CartLine[];
  quote: CartQuote;
}

/**
 * The browser's cart lives in localStorage (SPEC §3); its cookie copy (core/cart-cookie.ts) lets the first
 * HTML show the lines and the server's totals, so the page does not paint empty and then shift.
 */
export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<{ cart: DrawnCart | null; code: string | null }> {
  // The discount code kept for the session (issue 28): priced with the cart, shown in its box.
  const code = codeFromCookie(request.headers.get("cookie"));
  // The copy, plus lines added without JavaScript not yet in the browser's storage (decision 0033).
  const asked = await drawnCartLines(request, context);
  if (!asked) return { cart: null, code };
  const locale = localeOfPath(new URL(request.url).pathname);
  const quote = await getServices(context).promotions.quote(
    { lines: asked, ...(code ? { code } : {}) },
    { locale, ip: context.get(clientIpContext) || "0.0.0.0", userId: null },
  );
  return { cart: { lines: quote.lines.map(quotedLine), quote }, code };
}

// A navigation inside the store draws from the browser's cart at once, without asking the server.
export function clientLoader(): { cart: DrawnCart | null; code: string | null | undefined } {
  return { cart: null, code: undefined };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    t,
    locale,
    title: `${t("cart.title")} | ${shop?.shopName ?? ""}`,
    description: t("cart.title"),
    path: "/cart",
    noindex: true,
  });
}

const sameChoice = (l: CartLine, q: CartQuoteLine) => sameLine(l, quotedLine(q));

/**
 * The server's price counts (issue 10): once the quote is back, lines whose price, name or picture changed
 * since they were added are brought up to date in the stored cart, so every reader agrees.
 */
function useLineDetailsFrom(quote: CartQuote | null) {
  useEffect(() => {
    if (!quote || quote.lines.length === 0) return;
    const lines = getCartLines();
    let changed = false;
    const next = lines.map((line) => {
      const q = quote.lines.find((x) => sameChoice(line, x));
      if (!q?.slug) return line;
      if (
        q.price === line.price &&
        q.salePrice === line.salePrice &&
        q.name === line.name &&
        q.image === line.image
      )
        return line;
      changed = true;
      const { salePrice: _old, ...rest } = line;
      return {
        ...rest,
        name: q.name,
        slug: q.slug,
        image: q.image,
        price: q.price,
        ...(q.salePrice !== undefined ? { salePrice: q.salePrice } : {}),
      };
    });
    if (changed) setCartLines(next);
  }, [quote]);
}

function Stepper({ line, max }: { line: CartLine; max: number }) {
  const t = useT();
  return (
    <fieldset className="inline-flex items-center rounded-full border border-sand-dark">
      <legend className="sr-only">{t("pdp.quantity")}</legend>
      <button
        type="button"
        onClick={() => updateCartQuantity(line, line.quantity - 1, max)}
        disabled={line.quantity <= 1}
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-cream disabled:opacity-40"
        aria-label={t("cart.decrease", { item: line.name })}
      >
        <span aria-hidden="true" className="text-xl leading-none">
          −
        </span>
      </button>
      <output className="w-8 text-center font-medium" data-testid="line-quantity" aria-live="polite">
        {line.quantity}
      </output>
      <button
        type="button"
        onClick={() => updateCartQuantity(line, line.quantity + 1, max)}
        disabled={line.quantity >= max}
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-cream disabled:opacity-40"
        aria-label={t("cart.increase", { item: line.name })}
      >
        <span aria-hidden="true" className="text-xl leading-none">
          +
        </span>
      </button>
    </fieldset>
  );
}

function Line({
  line,
  quoted,
  first,
}: {
  line: CartLine;
  quoted: CartQuoteLine | undefined;
  first: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  // SPEC §5: at most the current stock (9999 if unknown); the server's figure once the quote is back.
  const max = quoted ? (quoted.available ?? 9999) : 9999;
  const price = quoted?.slug ? quoted : line;
  const href = `/product/${line.slug}`;
  return (
    <li className="flex gap-4 border-b border-sand py-5" data-testid="cart-line">
      <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        {line.image ? (
          <MediaImage
            src={line.image}
            alt=""
            width={96}
            height={120}
            sizes="96px"
            maxWidth={320}
            priority={first}
            className="h-30 w-24 rounded-xl bg-sand object-cover"
          />
        ) : (
          <span className="block h-30 w-24 rounded-xl bg-sand" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h2 className="text-lg leading-snug text-ink">
            <Link to={href} className="hover:text-accent-dark" data-testid="line-name">
              {line.name}
            </Link>
          </h2>
          <div data-testid="line-price">
            <Price
              price={price.price}
              {...(price.salePrice !== undefined ? { salePrice: price.salePrice } : {})}
            />
          </div>
        </div>
        <dl className="flex flex-wrap gap-x-4 text-sm text-stone">
          <div className="flex gap-1">
            <dt>{t("cart.size")}:</dt>
            <dd data-testid="line-size">{line.selectedSize}</dd>
          </div>
          {line.selectedColor ? (
            <div className="flex gap-1">
              <dt>{t("cart.color")}:</dt>
              <dd lang={quoted?.colorLabel || locale === "en" ? undefined : "en"}>
                {quoted?.colorLabel ?? line.selectedColor}
              </dd>
            </div>
          ) : null}
        </dl>
        <StitchedLineNote quoted={quoted} locale={locale} />
        {quoted?.problem ? (
          <p className="text-sm font-medium text-sale" data-testid="line-problem">
            {quoted.problem}
          </p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
          <Stepper line={line} max={max} />
          <button
            type="button"
            onClick={() => moveToWishlist(line)}
            className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-charcoal hover:text-accent-dark"
            aria-label={t("cart.moveItem", { item: `${line.name} (${line.selectedSize})` })}
          >
            <Heart className="size-4" aria-hidden="true" />
            {t("cart.moveToWishlist")}
          </button>
          <button
            type="button"
            onClick={() => removeFromCart(line)}
            className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-charcoal hover:text-sale"
            aria-label={t("cart.removeItem", { item: `${line.name} (${line.selectedSize})` })}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t("cart.remove")}
          </button>
        </div>
      </div>
    </li>
  );
}

/** SPEC §2 /cart. */
export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { money } = useFormat();
  const t = useT();
  const locale = useLocale();
  const cart = useCart();
  // Until the browser's storage is read (the server's render and hydration), the lines the server drew.
  const drawn = loaderData.cart;
  const lines = cart.ready ? cart.lines : drawn?.lines;
  // The session's code: the server's copy in its render, the cookie's after a navigation inside the store.
  const [code, setCode] = useState<string | null>(loaderData.code ?? null);
  useEffect(() => {
    if (loaderData.code === undefined) setCode(storedCode());
  }, [loaderData.code]);
  const { quote, loading, error } = useCartQuote(locale, drawn?.quote ?? null, { code });
  useLineDetailsFrom(quote);
  function changeCode(next: string | null) {
    storeCode(next);
    setCode(next);
  }

  // With a token the account's cart is read when the page opens (it may have changed on another device).
  useEffect(() => {
    if (!signedIn()) return;
    void import("../state/cart-sync").then((m) => m.refreshCartFromServer());
  }, []);

  if (!lines) {
    return (
      <div className="container-page min-h-svh py-8 sm:py-12">
        <h1 className="text-4xl text-ink sm:text-5xl">{t("cart.title")}</h1>
        {/* The lines are in the browser's storage, which only the script reads. Without it, a visitor's
            cart is the cookie the server reads, and nothing was drawn: it is empty. */}
        <noscript>
          <p className="mt-8 text-lg text-charcoal">{t("cart.empty")}</p>
          <Link to="/shop" className="btn-primary mt-6">
            {t("cart.continue")}
          </Link>
        </noscript>
      </div>
    );
  }

  if (lines.length === 0) {
    return (
      <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
        <ShoppingBag className="size-12 text-accent" aria-hidden="true" />
        <h1 className="mt-4 text-4xl text-ink" data-testid="cart-empty">
          {t("cart.empty")}
        </h1>
        <Link to="/shop" className="btn-primary mt-8">
          {t("cart.continue")}
        </Link>
      </section>
    );
  }

  // The server's totals count once they match the lines on screen; the browser's meanwhile.
  const current = quote && quote.lines.length === lines.length ? quote : null;
  const totals = current ?? (cart.ready ? cart.totals : cartTotals(lines));
  const discount = current?.promotion?.applied ? current.promotion : null;
  // While a newer quote is asked for, the last one for these lines stands: Proceed to Checkout stays the
  // link it was (/checkout prices the cart again), so a tap then is not lost on a button disabled for a
  // moment (one was, tapped as the page hydrated and asked for its quote).
  const blocked = !current?.canCheckout;
  const problems = current?.lines.some((l) => l.problem) ?? false;

  return (
    <div className="container-page py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="cart-title" className="text-4xl text-ink sm:text-5xl">
          {t("cart.title")}
        </h1>
        <button
          type="button"
          onClick={() => clearCart()}
          className="min-h-11 text-sm font-medium text-stone underline underline-offset-4 hover:text-sale"
        >
          {t("cart.clear")}
        </button>
      </div>
      <div className="mt-8 grid grid-cols-1 gap-10 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="cart-title">
          <ul className="border-t border-sand" data-testid="cart-lines">
            {lines.map((line, index) => (
              <Line
                key={`${line._id}|${line.selectedSize}|${line.selectedColor}|${stitchingKey(line.stitching)}`}
                line={line}
                quoted={quote?.lines.find((q) => sameChoice(line, q))}
                first={index === 0}
              />
            ))}
          </ul>
        </section>
        <aside
          aria-labelledby="summary-title"
          className="h-fit rounded-2xl bg-cream p-6 lg:sticky lg:top-28"
          data-testid="cart-summary"
        >
          <h2 id="summary-title" className="text-2xl text-ink">
            {t("cart.summary")}
          </h2>
          <dl className="mt-5 space-y-3 text-sm">
            <div className="flex justify-between">
              <dt>{t("cart.subtotal")}</dt>
              <dd data-testid="cart-subtotal">{money(totals.subtotalFils)}</dd>
            </div>
            {discount && discount.discountFils > 0 ? (
              <div className="flex justify-between text-success">
                <dt>{t("promo.discount", { code: discount.code })}</dt>
                <dd data-testid="cart-discount">−{money(discount.discountFils)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt>{t("cart.shipping")}</dt>
              <dd data-testid="cart-shipping">
                {totals.shippingFils === 0 ? t("cart.free") : money(totals.shippingFils)}
              </dd>
            </div>
            <div className="flex justify-between border-t border-sand-dark pt-3 text-base font-semibold text-ink">
              <dt>{t("cart.total")}</dt>
              <dd data-testid="cart-total">{money(totals.totalFils)}</dd>
            </div>
          </dl>
          <ReadyByNote readyBy={current?.readyBy} locale={locale} />
          <div className="mt-5 border-t border-sand-dark pt-4">
            <CodeBox
              code={code}
              promotion={current?.promotion}
              busy={loading}
              onChange={changeCode}
              page="/cart"
            />
          </div>
          {/* A link while checkout is open: the server drew this page, so a tap before hydration still
              goes to /checkout (a button's click would be lost until then). */}
          {blocked ? (
            <button
              type="button"
              className="btn-accent mt-6 h-12 w-full disabled:cursor-not-allowed disabled:opacity-50"
              disabled
              data-testid="proceed-to-checkout"
            >
              {t("cart.checkout")}
            </button>
          ) : (
            <Link to="/checkout" className="btn-accent mt-6 h-12 w-full" data-testid="proceed-to-checkout">
              {t("cart.checkout")}
            </Link>
          )}
          <p className="mt-3 text-sm text-stone" role="status">
            {problems ? t("cart.blocked") : (error ?? "")}
          </p>
        </aside>
      </div>
    </div>
  );
}
