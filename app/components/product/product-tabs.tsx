import type { ProductDto, ProductVariantDto, ReviewDto, ReviewSummaryDto } from "#core/catalog.ts";
import { CATEGORIES } from "#core/constants.ts";
import type { MessageKey } from "#core/i18n/index.ts";
import { AfterHydration } from "../../lib/after-hydration";
import { enLang, useLocale, useT, useTc } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { Stars } from "./stars";

// The Reviews tab is closed at first paint: its Write a Review button comes once the page has hydrated.
const ReviewActions = lazy(() =>
  import("../reviews/review-actions").then((m) => ({ default: m.ReviewActions })),
);

export type ProductTab = "details" | "shipping" | "reviews";

/**
 * A review as the page shows it: the languages of its text and of its author's name when they are not
 * the page's (core/i18n/typed-lang.ts), worked out by the route's loader so no page code does it.
 */
export type ShownReview = ReviewDto & { lang?: "en" | "ar"; nameLang?: "en" | "ar" };
const TABS: ProductTab[] = ["details", "shipping", "reviews"];

/**
 * SPEC §2 product tabs: Details, Shipping and Reviews (n). A tablist: arrow keys move between the tabs
 * (mirrored in Arabic), only the chosen tab is in the Tab order.
 */
export function ProductTabs({
  product,
  variant,
  reviews,
  summary,
  tab,
  onTab,
}: {
  product: ProductDto;
  variant: ProductVariantDto | undefined;
  reviews: ShownReview[];
  summary: ReviewSummaryDto;
  tab: ProductTab;
  onTab: (tab: ProductTab) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const category = CATEGORIES.find((c) => c.slug === product.category);
  return (
    <div className="mt-10">
      <div role="tablist" aria-label={t("pdp.tabs")} className="flex gap-6 border-b border-sand">
        {TABS.map((key) => (
          <button
            key={key}
            id={`tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => onTab(key)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
              const step = (event.key === "ArrowRight") !== (document.dir === "rtl") ? 1 : -1;
              const next = TABS[(TABS.indexOf(key) + step + TABS.length) % TABS.length]!;
              onTab(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}
            className={`-mb-px min-h-11 border-b-2 text-sm font-medium ${tab === key ? "border-accent text-ink" : "border-transparent text-stone hover:text-ink"}`}
          >
            {t(`pdp.tab.${key}` as MessageKey)}
            {key === "reviews" ? ` (${summary.totalReviews})` : ""}
          </button>
        ))}
      </div>
      <div
        id="panel-details"
        role="tabpanel"
        aria-labelledby="tab-details"
        hidden={tab !== "details"}
        className="py-5 text-sm"
      >
        <dl className="grid grid-cols-[8rem_1fr] gap-y-2">
          <dt className="text-stone">{t("pdp.collection")}</dt>
          <dd>{category ? t(`category.${category.slug}`) : product.category}</dd>
          <dt className="text-stone">{t("pdp.type")}</dt>
          <dd lang={enLang(product, "type")}>{product.labels?.type ?? product.type}</dd>
          <dt className="text-stone">{t("pdp.fabric")}</dt>
          <dd lang={enLang(product, "fabric")}>{product.labels?.fabric ?? product.filter_name}</dd>
          <dt className="text-stone">{t("pdp.colors")}</dt>
          <dd lang={enLang(product, "colors")}>
            {(product.labels?.colors ?? product.colors).join(locale === "ar" ? "، " : ", ")}
          </dd>
          {variant ? (
            <>
              <dt className="text-stone">{t("pdp.sku")}</dt>
              <dd dir="ltr" className="text-start">
                {variant.sku}
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      <div
        id="panel-shipping"
        role="tabpanel"
        aria-labelledby="tab-shipping"
        hidden={tab !== "shipping"}
        className="space-y-3 py-5 text-sm leading-relaxed"
      >
        <p>{t("pdp.shippingText1")}</p>
        <p>{t("pdp.shippingText2")}</p>
      </div>
      <div
        id="panel-reviews"
        role="tabpanel"
        aria-labelledby="tab-reviews"
        hidden={tab !== "reviews"}
        className="py-5"
      >
        <AfterHydration>
          <ReviewActions productId={product._id} productName={product.name} />
        </AfterHydration>
        <ReviewList reviews={reviews} />
      </div>
      {/* Without JavaScript the tabs stay shut: the private page that draws the review form (decision 0034).
          Relative, so /ar/product/x leads to /ar/account. */}
      <noscript>
        <a href={`../account?review=${product.slug}`}>{t("review.write")}</a>
      </noscript>
    </div>
  );
}

function ReviewList({ reviews }: { reviews: ShownReview[] }) {
  const t = useT();
  const tc = useTc();
  if (reviews.length === 0) return <p className="text-sm text-stone">{t("pdp.noReviews")}</p>;
  return (
    <ul className="space-y-6" data-testid="review-list">
      {reviews.map((review) => (
        <li key={review._id} className="border-b border-sand pb-5">
          <div className="flex items-center gap-2">
            <Stars rating={review.rating} />
            <span className="sr-only">{tc("pdp.stars", review.rating)}</span>
            <bdi className="text-sm font-semibold text-ink" lang={review.nameLang}>
              {review.userName}
            </bdi>
            {review.isVerifiedPurchase ? (
              <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent-dark">
                {t("pdp.verified")}
              </span>
            ) : null}
          </div>
          <p className="mt-2 text-sm leading-relaxed text-charcoal" dir="auto" lang={review.lang}>
            {review.comment}
          </p>
        </li>
      ))}
    </ul>
  );
}
