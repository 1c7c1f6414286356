import { useEffect, useState } from "react";
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { type ReviewDto, type ReviewSummaryDto, toProductCard } from "#core/catalog.ts";
import { CURRENCY } from "#core/constants.ts";
import type { Locale } from "#core/i18n/locale.ts";
import { typedLang } from "#core/i18n/typed-lang.ts";
import { variantPrices } from "#core/pricing.ts";
import { ProductBreadcrumb } from "../components/product/breadcrumb";
import { ProductGallery } from "../components/product/gallery";
import { ProductSummary } from "../components/product/product-summary";
import { type ProductTab, ProductTabs, type ShownReview } from "../components/product/product-tabs";
import { PurchaseActions } from "../components/product/purchase-actions";
import { RelatedProducts } from "../components/product/related-products";
import { sizeGuideHtml } from "../components/product/size-guide.server";
import { SizePicker, StockMessage } from "../components/product/size-picker";
import { productFormAction } from "../lib/cart-forms.server";
import { getServices } from "../lib/context";
import { requestLocale } from "../lib/copy.server";
import { Link, useT } from "../lib/i18n";
import { message } from "../lib/page-forms.server";
import { absoluteUrl, breadcrumbLd, metaI18n, pageMeta, previewImage, shopFromMatches } from "../lib/seo";
import type { Route } from "./+types/product";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { catalog, settings } = getServices(context);
  const locale = requestLocale(request);
  const product = await catalog.findProductBySlug(params.slug, locale);
  if (!product) throw data(null, { status: 404 });
  const reviews = await catalog.reviewsForProduct(product._id);
  // Streamed after the page: the shopper sees the product first (SPEC §2: 4 skeletons meanwhile).
  const related = catalog
    .listRelatedProducts(product, 4, locale)
    .then((list) => list.map((item) => toProductCard(item)));
  const { shopName } = await settings.shop();
  // The structured data's offer, worked out here so its code is in no page's JavaScript (decision 0034).
  const prices = product.variants.map((v) => variantPrices(v).salePrice ?? v.retail_price);
  const offer = {
    lowPrice: Math.min(...prices),
    highPrice: Math.max(...prices),
    inStock: product.variants.some((v) => v.stock === null || v.stock > 0),
  };
  return {
    shopName,
    product,
    offer,
    reviews: shownReviews(reviews ?? emptyReviews(), locale),
    related,
    sizeGuide: sizeGuideHtml(locale),
    // A heart posted without the page's script comes back here (decision 0033): say it was saved.
    notice: new URL(request.url).searchParams.has("wished") ? message(locale, "toast.addedToWishlist") : "",
  };
}

/** Add to Cart and the heart posted before (or without) the page's script (decision 0033). */
export function action(args: Route.ActionArgs) {
  return productFormAction(args);
}

/** Each review with the language of its text and name when not the page's (an English review on /ar). */
function shownReviews<R extends { reviews: ReviewDto[] }>(found: R, locale: Locale): R {
  return {
    ...found,
    reviews: found.reviews.map(
      (r): ShownReview => ({
        ...r,
        lang: typedLang(r.comment, locale),
        nameLang: typedLang(r.userName, locale),
      }),
    ),
  };
}

function emptyReviews(): { reviews: ReviewDto[]; summary: ReviewSummaryDto } {
  return {
    reviews: [],
    summary: { averageRating: 0, totalReviews: 0, ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  if (!loaderData) return [{ title: t("pdp.notFound") }, { name: "robots", content: "noindex" }];
  const { product, shopName, reviews, offer } = loaderData;
  const shop = shopFromMatches(matches);
  const site = shop?.siteUrl ?? "http://localhost:3000";
  const path = `/product/${product.slug}`;
  return pageMeta({
    shop,
    t,
    locale,
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
          lowPrice: offer.lowPrice,
          highPrice: offer.highPrice,
          offerCount: product.variants.length,
          availability: offer.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
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

/** SPEC §2 product page: the gallery beside the product's column; 'You May Also Like' below. */
export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, reviews, related } = loaderData;
  const notice = actionData?.notice ?? loaderData.notice;
  // SPEC §4: the first variant is selected on load; a size change resets the quantity to 1.
  const [selected, setSelected] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [tab, setTab] = useState<ProductTab>("details");
  const variant = product.variants[selected];

  useEffect(() => {
    setSelected(0);
    setQuantity(1);
  }, [product._id]);

  return (
    <div className="container-page py-6 sm:py-10">
      <ProductBreadcrumb name={product.name} />

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-14">
        <ProductGallery images={product.images} name={product.name} />

        <div>
          <ProductSummary
            product={product}
            variant={variant}
            summary={reviews.summary}
            onShowReviews={() => setTab("reviews")}
          />
          {/* Add to Cart and the heart work before (or without) the page's script: a real form. */}
          <form method="post">
            <SizePicker
              product={product}
              selected={selected}
              onSelect={(index) => {
                setSelected(index);
                setQuantity(1);
              }}
              sizeGuide={loaderData.sizeGuide}
            />
            <div className="mt-5">
              <StockMessage stock={variant?.stock} />
            </div>
            <PurchaseActions
              product={product}
              variant={variant}
              quantity={quantity}
              onQuantity={setQuantity}
            />
            {notice && <p role="alert">{notice}</p>}
          </form>
          <ProductTabs
            product={product}
            variant={variant}
            reviews={reviews.reviews}
            summary={reviews.summary}
            tab={tab}
            onTab={setTab}
          />
        </div>
      </div>

      <RelatedProducts related={related} />
    </div>
  );
}

export function ErrorBoundary() {
  const t = useT();
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
