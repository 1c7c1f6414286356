import { Check, Heart, Link2, Minus, Plus, ShoppingBag, Star } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Await, data, isRouteErrorResponse, Link, useNavigate, useRouteError } from "react-router";
import { type ProductCardData, type ReviewDto, type ReviewSummaryDto, toProductCard } from "#core/catalog.ts";
import { CATEGORIES, COPY_LINK_CONFIRMATION_MS, CURRENCY, RELATED_SKELETON_COUNT } from "#core/constants.ts";
import { type MessageKey, t } from "#core/i18n/index.ts";
import { variantPrices } from "#core/pricing.ts";
import { stockBand } from "#core/stock.ts";
import { Price } from "../components/media-image";
import { ProductGallery } from "../components/product-gallery";
import { ReviewActions } from "../components/reviews/review-actions";
import { SizeGuide } from "../components/size-guide";
import { sizeGuideHtml } from "../components/size-guide.server";
import { ProductCardSkeleton } from "../components/skeleton";
import { getServices } from "../lib/context";
import { absoluteUrl, breadcrumbLd, pageMeta, previewImage, shopFromMatches } from "../lib/seo";
import { toast } from "../lib/toast";
import { useInWishlist } from "../state/in-wishlist";
import type { Route } from "./+types/product";

// 'You May Also Like' streams in below the fold; its cards load with it, not with the first paint.
const ProductCard = lazy(() =>
  import("../components/product-card").then((m) => ({ default: m.ProductCard })),
);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalog, shop } = getServices(context);
  const product = await catalog.findProductBySlug(params.slug);
  if (!product) throw data(null, { status: 404 });
  const reviews = await catalog.reviewsForProduct(product._id);
  // Streamed after the page: the shopper sees the product first (SPEC §2: 4 skeletons meanwhile).
  const related = catalog
    .listRelatedProducts(product, 4)
    .then((list) => list.map((item) => toProductCard(item)));
  return {
    shopName: shop.shopName,
    product,
    reviews: reviews ?? emptyReviews(),
    related,
    sizeGuide: sizeGuideHtml(),
  };
}

function emptyReviews(): { reviews: ReviewDto[]; summary: ReviewSummaryDto } {
  return {
    reviews: [],
    summary: { averageRating: 0, totalReviews: 0, ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: t("pdp.notFound") }, { name: "robots", content: "noindex" }];
  const { product, shopName, reviews } = loaderData;
  const shop = shopFromMatches(matches);
  const site = shop?.siteUrl ?? "http://localhost:3000";
  const path = `/product/${product.slug}`;
  const inStock = product.variants.some((v) => v.stock === null || v.stock > 0);
  return pageMeta({
    shop,
    title: `${product.name} | ${shopName}`,
    description: product.description.slice(0, 160),
    path,
    image: previewImage(product.image[0]),
    imageAlt: product.name,
    type: "product",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        image: product.image.map((url) => absoluteUrl(site, previewImage(url) ?? url)),
        sku: product.variants[0]?.sku,
        category: product.type,
        material: product.filter_name,
        color: product.colors.join(", "),
        brand: { "@type": "Brand", name: shopName },
        offers: {
          "@type": "AggregateOffer",
          priceCurrency: CURRENCY,
          lowPrice: Math.min(...product.variants.map((v) => variantPrices(v).salePrice ?? v.retail_price)),
          highPrice: Math.max(...product.variants.map((v) => variantPrices(v).salePrice ?? v.retail_price)),
          offerCount: product.variants.length,
          availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          url: absoluteUrl(site, path),
        },
        ...(reviews.summary.totalReviews > 0
          ? {
              aggregateRating: {
                "@type": "AggregateRating",
                ratingValue: reviews.summary.averageRating,
                reviewCount: reviews.summary.totalReviews,
              },
            }
          : {}),
      },
      breadcrumbLd(site, [
        { name: t("nav.home"), path: "/" },
        { name: t("nav.shop"), path: "/shop" },
        { name: product.name, path },
      ]),
    ],
  });
}

function Stars({ rating, size = "size-4" }: { rating: number; size?: string }) {
  return (
    <span className="inline-flex text-accent" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`${size} ${n <= Math.round(rating) ? "fill-current" : "opacity-30"}`} />
      ))}
    </span>
  );
}

function StockMessage({ stock }: { stock: number | null | undefined }) {
  const band = stockBand(stock);
  const tone = {
    "in-stock": "text-success",
    "only-left": "text-accent-dark",
    hurry: "text-sale",
    "out-of-stock": "text-sale",
    unknown: "text-stone",
  }[band];
  return (
    <p className={`text-sm font-medium ${tone}`} data-testid="stock-message" aria-live="polite">
      {t(`stock.${band}` as MessageKey, { n: stock ?? 0 })}
    </p>
  );
}

function CopyLinkButton() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_LINK_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <button
        type="button"
        className="inline-flex size-12 items-center justify-center rounded-full border border-sand-dark hover:bg-cream"
        aria-label={t("pdp.copyLink")}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(window.location.href);
            setCopied(true);
          } catch {
            window.prompt(t("pdp.copyLink"), window.location.href);
          }
        }}
        data-testid="copy-link"
      >
        {copied ? (
          <Check className="size-5 text-success" aria-hidden="true" />
        ) : (
          <Link2 className="size-5" aria-hidden="true" />
        )}
      </button>
      <span role="status" className={copied ? "text-sm text-success" : "sr-only"}>
        {copied ? t("pdp.linkCopied") : ""}
      </span>
    </>
  );
}

type Tab = "details" | "shipping" | "reviews";

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, related } = loaderData;
  // SPEC §4: the first variant is selected on load; a size change resets the quantity to 1.
  const [selected, setSelected] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [tab, setTab] = useState<Tab>("details");
  const navigate = useNavigate();
  // null until the wishlist is read: the button stays disabled, so no duplicate can slip in.
  const inWishlist = useInWishlist(product._id);
  const variant = product.variants[selected];
  const stock = variant?.stock;
  const maxQuantity = stock === null || stock === undefined ? 9999 : Math.max(1, stock);

  useEffect(() => {
    setSelected(0);
    setQuantity(1);
  }, [product._id]);

  const category = CATEGORIES.find((c) => c.slug === product.category);
  const summary = reviews.summary;

  async function onAddToCart() {
    if (product.variants.length > 0 && !variant) {
      toast.error(t("toast.selectSize"));
      return;
    }
    if (variant && variant.stock === 0) {
      toast.error(t("toast.outOfStock"), { description: t("toast.outOfStockText") });
      return;
    }
    // The cart's changes load on first use: the page's first paint does not need them.
    const { addToCart } = await import("../state/cart");
    const result = addToCart(
      {
        _id: product._id,
        slug: product.slug,
        name: product.name,
        image: product.image[0] ?? "",
        price: variant?.retail_price ?? product.price,
        salePrice: variant ? variantPrices(variant).salePrice : product.salePrice,
        selectedSize: variant?.filter_value ?? "",
        selectedColor: product.colors[0] ?? "",
        sku: variant?.sku,
        quantity,
      },
      variant?.stock,
    );
    if (!result.ok) {
      toast.error(t("toast.stockLimit"), { description: t("toast.stockLimitText", { n: result.available }) });
      return;
    }
    // SPEC §4: a successful add-to-cart navigates to /cart.
    navigate("/cart");
  }

  async function onWishlist() {
    const { addToWishlist } = await import("../state/wishlist");
    addToWishlist({
      _id: product._id,
      slug: product.slug,
      name: product.name,
      image: product.image[0] ?? "",
      price: product.price,
      ...(product.salePrice !== undefined ? { salePrice: product.salePrice } : {}),
    });
  }

  const tabs: Tab[] = ["details", "shipping", "reviews"];

  return (
    <div className="container-page py-6 sm:py-10">
      <nav aria-label={t("pdp.breadcrumb")} className="mb-6 text-sm text-stone">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className="hover:text-accent-dark">
              {t("nav.home")}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/shop" className="hover:text-accent-dark">
              {t("nav.shop")}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-ink">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-14">
        <ProductGallery images={product.images} name={product.name} />

        <div>
          <div className="flex flex-wrap gap-2">
            {category ? <p className="eyebrow">{category.name}</p> : null}
            {product.type === "Unstitched" ? (
              <span
                className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-dark"
                data-testid="unstitched-badge"
              >
                {t("product.unstitched")}
              </span>
            ) : null}
          </div>
          <h1 className="mt-2 text-4xl leading-tight text-ink sm:text-5xl">{product.name}</h1>
          <button
            type="button"
            onClick={() => setTab("reviews")}
            className="mt-3 flex items-center gap-2 text-sm text-stone hover:text-accent-dark"
            data-testid="review-summary"
          >
            <Stars rating={summary.averageRating} />
            {summary.totalReviews === 0
              ? t("pdp.noReviews")
              : t(summary.totalReviews === 1 ? "pdp.reviewsSummaryOne" : "pdp.reviewsSummary", {
                  rating: summary.averageRating.toFixed(1),
                  count: summary.totalReviews,
                })}
          </button>
          <div className="mt-5 text-2xl" data-testid="product-price">
            {variant ? (
              <Price {...variantPrices(variant)} />
            ) : (
              <Price price={product.price} salePrice={product.salePrice} />
            )}
          </div>
          <p className="mt-5 leading-relaxed text-charcoal">{product.description}</p>

          {/* Unstitched fabric sets come in one cut; a size picker would only confuse. */}
          <fieldset className="mt-8" hidden={product.type === "Unstitched" && product.variants.length === 1}>
            {/* The legend must be the fieldset's first child; floated, the size guide's button sits beside it. */}
            <legend className="float-start flex min-h-11 items-center text-sm font-semibold tracking-wider text-ink uppercase">
              {t("pdp.size")}
            </legend>
            <div className="mb-3 flex min-h-11 items-center justify-end">
              <SizeGuide html={loaderData.sizeGuide} />
            </div>
            <div className="clear-both flex flex-wrap gap-2" data-testid="size-buttons">
              {product.variants.map((v, i) => (
                <button
                  key={v._id}
                  type="button"
                  disabled={v.stock === 0}
                  aria-pressed={i === selected}
                  onClick={() => {
                    setSelected(i);
                    setQuantity(1);
                  }}
                  className={`min-h-11 min-w-16 rounded-full border px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:border-sand disabled:text-stone/60 disabled:line-through ${
                    i === selected ? "border-ink bg-ink text-ivory" : "border-sand-dark hover:border-ink"
                  }`}
                >
                  {v.filter_value}
                </button>
              ))}
            </div>
          </fieldset>

          <div className="mt-5">
            <StockMessage stock={stock} />
          </div>

          <div className="mt-6 flex flex-wrap items-center gap-3">
            <fieldset className="flex items-center rounded-full border border-sand-dark">
              <legend className="sr-only">{t("pdp.quantity")}</legend>
              <button
                type="button"
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                disabled={quantity <= 1}
                className="inline-flex size-12 items-center justify-center rounded-full hover:bg-cream disabled:opacity-40"
                aria-label={t("pdp.decrease")}
              >
                <Minus className="size-4" aria-hidden="true" />
              </button>
              <output className="w-10 text-center font-medium" data-testid="quantity" aria-live="polite">
                {quantity}
              </output>
              <button
                type="button"
                onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
                disabled={quantity >= maxQuantity || stock === 0}
                className="inline-flex size-12 items-center justify-center rounded-full hover:bg-cream disabled:opacity-40"
                aria-label={t("pdp.increase")}
              >
                <Plus className="size-4" aria-hidden="true" />
              </button>
            </fieldset>
            <button
              type="button"
              onClick={onAddToCart}
              disabled={stock === 0}
              className="btn-accent h-12 flex-1 disabled:opacity-50"
              data-testid="add-to-cart"
            >
              <ShoppingBag className="size-4" aria-hidden="true" />
              {t("pdp.addToCart")}
            </button>
          </div>
          <div className="mt-3 flex items-center gap-3">
            <button
              type="button"
              onClick={onWishlist}
              disabled={inWishlist !== false}
              className="btn-outline h-12 flex-1 disabled:opacity-60"
              data-testid="wishlist-button"
            >
              <Heart className={`size-4 ${inWishlist ? "fill-current" : ""}`} aria-hidden="true" />
              {inWishlist ? t("pdp.inWishlist") : t("pdp.wishlist")}
            </button>
            <CopyLinkButton />
          </div>

          <div className="mt-10">
            <div role="tablist" aria-label={t("pdp.tabs")} className="flex gap-6 border-b border-sand">
              {tabs.map((key) => (
                <button
                  key={key}
                  id={`tab-${key}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === key}
                  aria-controls={`panel-${key}`}
                  tabIndex={tab === key ? 0 : -1}
                  onClick={() => setTab(key)}
                  onKeyDown={(event) => {
                    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
                    const step = (event.key === "ArrowRight") !== (document.dir === "rtl") ? 1 : -1;
                    const next = tabs[(tabs.indexOf(key) + step + tabs.length) % tabs.length]!;
                    setTab(next);
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
                <dd>{category?.name ?? product.category}</dd>
                <dt className="text-stone">{t("pdp.type")}</dt>
                <dd>{product.type}</dd>
                <dt className="text-stone">{t("pdp.fabric")}</dt>
                <dd>{product.filter_name}</dd>
                <dt className="text-stone">{t("pdp.colors")}</dt>
                <dd>{product.colors.join(", ")}</dd>
                {variant ? (
                  <>
                    <dt className="text-stone">{t("pdp.sku")}</dt>
                    <dd>{variant.sku}</dd>
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
              <ReviewActions productId={product._id} productName={product.name} />
              {reviews.reviews.length === 0 ? (
                <p className="text-sm text-stone">{t("pdp.noReviews")}</p>
              ) : (
                <ul className="space-y-6" data-testid="review-list">
                  {reviews.reviews.map((review) => (
                    <li key={review._id} className="border-b border-sand pb-5">
                      <div className="flex items-center gap-2">
                        <Stars rating={review.rating} />
                        <span className="sr-only">{t("pdp.stars", { n: review.rating })}</span>
                        <span className="text-sm font-semibold text-ink">{review.userName}</span>
                        {review.isVerifiedPurchase ? (
                          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent-dark">
                            {t("pdp.verified")}
                          </span>
                        ) : null}
                      </div>
                      <p className="mt-2 text-sm leading-relaxed text-charcoal">{review.comment}</p>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </div>
      </div>

      <section className="mt-20" aria-labelledby="related-title">
        <h2 id="related-title" className="mb-8 text-3xl text-ink">
          {t("pdp.related")}
        </h2>
        <Suspense fallback={<RelatedSkeletons />}>
          <Await resolve={related}>
            {(items: ProductCardData[]) => (
              <div
                className="grid grid-cols-2 gap-x-4 gap-y-10 lg:grid-cols-4"
                data-testid="related-products"
              >
                {items.map((item) => (
                  <ProductCard key={item._id} product={item} />
                ))}
              </div>
            )}
          </Await>
        </Suspense>
      </section>
    </div>
  );
}

function RelatedSkeletons() {
  return (
    <div className="grid grid-cols-2 gap-x-4 gap-y-10 lg:grid-cols-4">
      {Array.from({ length: RELATED_SKELETON_COUNT }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-20 text-center">
      <title>{t("pdp.notFound")}</title>
      <h1 className="text-4xl text-ink sm:text-5xl">{t("pdp.notFound")}</h1>
      <p className="mt-4 max-w-md text-stone">{t("pdp.notFoundText")}</p>
      <Link to="/shop" className="btn-primary mt-8">
        {t("pdp.backToShop")}
      </Link>
    </section>
  );
}
