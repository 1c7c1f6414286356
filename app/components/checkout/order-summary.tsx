import { AlertTriangle, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { stitchingKey } from "#core/stitching-key.ts";
import { Link, useFormat, useLocale, useT } from "../../lib/i18n";
import type { ShownQuote } from "../../state/cart-quote";
import { ReadyByNote, StitchedLineNote } from "../cart/stitched-line";
import { MediaImage } from "../media-image";

interface OrderSummaryProps {
  quote: ShownQuote | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** The discount code's box (issue 28), drawn under the lines. */
  codeBox?: ReactNode;
  /** The Place Order button and anything that goes with it. */
  children: ReactNode;
}

/**
 * SPEC §2 /checkout Order Summary: each line's image, name, size and quantity, then subtotal, shipping
 * and total, all as the server priced them (POST /api/cart/quote), never the browser's copy of the
 * prices. Stock problems are shown on their line and block placing (SPEC §5).
 */
export function OrderSummary({ quote, loading, error, onRetry, codeBox, children }: OrderSummaryProps) {
  const { money } = useFormat();
  const t = useT();
  const locale = useLocale();
  const blocked = quote ? !quote.canCheckout : false;
  const promotion = quote?.promotion;
  const discount = promotion?.applied && promotion.discountFils > 0 ? promotion : null;
  return (
    <section
      aria-labelledby="checkout-summary"
      className="rounded-3xl border border-sand bg-white/80 p-5 sm:p-6 lg:sticky lg:top-28"
      data-testid="order-summary"
      aria-busy={loading && !quote}
    >
      <h2 id="checkout-summary" className="text-2xl text-ink sm:text-3xl">
        {t("checkout.summary")}
      </h2>

      {error && !quote ? (
        <div role="alert" className="mt-4 rounded-2xl bg-cream p-4 text-sm text-charcoal">
          <p>{t("checkout.quoteFailed")}</p>
          <p className="mt-1 text-stone">{error}</p>
          <button type="button" className="btn-outline mt-3" onClick={onRetry}>
            {t("checkout.quoteRetry")}
          </button>
        </div>
      ) : null}

      {!quote && !error ? (
        <div className="mt-4 flex flex-col gap-3" aria-hidden="true">
          <div className="h-20 animate-pulse rounded-2xl bg-sand/60" />
          <div className="h-20 animate-pulse rounded-2xl bg-sand/60" />
        </div>
      ) : null}

      {quote ? (
        <>
          <ul className="mt-4 flex flex-col divide-y divide-sand" aria-label={t("checkout.summaryItems")}>
            {quote.lines.map((line) => (
              <li
                key={`${line.productId}-${line.size}-${line.color}-${stitchingKey(line.stitching?.choice)}`}
                className="flex gap-3 py-3"
                data-testid="summary-line"
              >
                <MediaImage
                  src={line.image}
                  alt=""
                  width={64}
                  height={80}
                  sizes="64px"
                  maxWidth={320}
                  className="h-20 w-16 shrink-0 rounded-xl bg-cream object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
                  <p className="font-medium text-ink">{line.name}</p>
                  <p className="text-stone">
                    {t("checkout.size", { size: line.size })}
                    {line.color ? (
                      <>
                        {` · ${t("checkout.colorLabel")} `}
                        {/* A colour with no name in the page's language is English, said so for readers. */}
                        <span lang={line.colorLabel || locale === "en" ? undefined : "en"}>
                          {line.colorLabel ?? line.color}
                        </span>
                      </>
                    ) : null}
                  </p>
                  <p className="text-stone">{t("checkout.quantity", { n: line.quantity })}</p>
                  <StitchedLineNote quoted={line} locale={locale} />
                  {line.problem ? (
                    <p
                      className="mt-1 flex items-start gap-1.5 font-medium text-sale"
                      data-testid="line-problem"
                    >
                      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      {line.problem}
                    </p>
                  ) : null}
                </div>
                <p className="shrink-0 text-sm font-semibold text-ink">{money(line.lineTotalFils)}</p>
              </li>
            ))}
          </ul>

          {codeBox ? <div className="mt-2 border-t border-sand pt-4">{codeBox}</div> : null}

          <dl className="mt-2 flex flex-col gap-2 border-t border-sand pt-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-stone">{t("checkout.subtotal")}</dt>
              <dd className="text-ink" data-testid="summary-subtotal">
                {money(quote.subtotalFils)}
              </dd>
            </div>
            {discount ? (
              <div className="flex justify-between gap-4">
                <dt className="text-stone">{t("promo.discount", { code: discount.code })}</dt>
                <dd className="font-medium text-success" data-testid="summary-discount">
                  −{money(discount.discountFils)}
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4">
              <dt className="text-stone">{t("checkout.shipping")}</dt>
              <dd
                className={`font-medium ${quote.shippingFils === 0 ? "text-success" : "text-ink"}`}
                data-testid="summary-shipping"
              >
                {quote.shippingFils === 0 ? t("checkout.free") : money(quote.shippingFils)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-sand pt-3 text-base">
              <dt className="font-semibold text-ink">{t("checkout.total")}</dt>
              <dd className="font-semibold text-ink" data-testid="summary-total">
                {money(quote.totalFils)}
              </dd>
            </div>
          </dl>
          <p className="mt-1 text-xs text-stone">{t("checkout.vatIncluded")}</p>
          <ReadyByNote readyBy={quote.readyBy} locale={locale} />
          <p className="mt-1 text-xs text-stone" data-testid="after-discount-note">
            {t("promo.afterDiscount")}
          </p>

          {blocked && quote.lines.length > 0 ? (
            <div
              role="alert"
              className="mt-4 rounded-2xl bg-sale/10 p-4 text-sm text-sale"
              data-testid="stock-blocked"
            >
              <p>{t("checkout.stockBlocked")}</p>
              <Link to="/cart" className="mt-2 inline-block font-semibold underline underline-offset-4">
                {t("checkout.editCart")}
              </Link>
            </div>
          ) : null}
        </>
      ) : null}

      <div className="mt-5 flex flex-col gap-2">
        {children}
        <p className="flex items-center justify-center gap-1.5 text-center text-xs text-stone">
          <Lock className="size-3.5" aria-hidden="true" />
          {t("checkout.secureNote")}
        </p>
      </div>
    </section>
  );
}
