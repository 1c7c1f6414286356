import type { ProductDto, ProductVariantDto, ReviewSummaryDto } from "#core/catalog.ts";
import { CATEGORIES } from "#core/constants.ts";
import { variantPrices } from "#core/pricing.ts";
import { enLang, useT, useTc } from "../../lib/i18n";
import { Price } from "../media-image";
import { Stars } from "./stars";

/**
 * The top of the product's column: its collection (and the Unstitched badge), name, the review summary
 * that opens the Reviews tab, the chosen size's price and the description.
 */
export function ProductSummary({
  product,
  variant,
  summary,
  onShowReviews,
}: {
  product: ProductDto;
  variant: ProductVariantDto | undefined;
  summary: ReviewSummaryDto;
  onShowReviews: () => void;
}) {
  const t = useT();
  const tc = useTc();
  const category = CATEGORIES.find((c) => c.slug === product.category);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {category ? <p className="eyebrow">{t(`category.${category.slug}`)}</p> : null}
        {product.type === "Unstitched" ? (
          <span
            className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-dark"
            data-testid="unstitched-badge"
          >
            {t("product.unstitched")}
          </span>
        ) : null}
      </div>
      <h1 className="mt-2 text-4xl leading-tight text-ink sm:text-5xl" lang={enLang(product, "name")}>
        {product.name}
      </h1>
      <button
        type="button"
        onClick={onShowReviews}
        className="mt-3 flex items-center gap-2 text-sm text-stone hover:text-accent-dark"
        data-testid="review-summary"
      >
        <Stars rating={summary.averageRating} />
        {summary.totalReviews === 0
          ? t("pdp.noReviews")
          : tc("pdp.reviewsSummary", summary.totalReviews, {
              rating: summary.averageRating.toFixed(1),
            })}
      </button>
      <div className="mt-5 text-2xl" data-testid="product-price">
        {variant ? (
          <Price {...variantPrices(variant)} />
        ) : (
          <Price price={product.price} salePrice={product.salePrice} />
        )}
      </div>
      <p className="mt-5 leading-relaxed text-charcoal" lang={enLang(product, "description")}>
        {product.description}
      </p>
    </>
  );
}
