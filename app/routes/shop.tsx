import { SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigation, useSearchParams } from "react-router";
import { toProductCard } from "#core/catalog.ts";
import {
  CATEGORIES,
  PRICE_SLIDER_MAX_AED,
  PRICE_SLIDER_MIN_AED,
  SHOP_SKELETON_COUNT,
  SHOP_SORTS,
} from "#core/constants.ts";
import { type MessageKey, stripLocale } from "#core/i18n/index.ts";
import type { PriceRange } from "#core/price-range.ts";
import { parseShopSearchParams } from "#core/schemas/catalog.schema.ts";
import { ProductCard } from "../components/product-card";
import { ShopFilters } from "../components/shop/shop-filters";
import { ShopPagination } from "../components/shop/shop-pagination";
import { ProductCardSkeleton } from "../components/skeleton";
import { Dialog } from "../components/ui/dialog";
import { getServices } from "../lib/context";
import { requestLocale } from "../lib/copy.server";
import { Link, type T, useLocalNavigate, useT, useTc } from "../lib/i18n";
import { metaI18n, pageMeta } from "../lib/seo";
import type { Route } from "./+types/shop";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const { catalog, settings } = getServices(context);
  const query = parseShopSearchParams(new URL(request.url).searchParams);
  const [{ products, total }, facets, shop] = await Promise.all([
    // Cards only: no size's stock on this page, so a sale does not re-render it (decision 0037).
    catalog.listProducts(query, locale, { cards: true }),
    catalog.listFacets(locale),
    settings.shop(),
  ]);
  const limit = query.limit ?? products.length;
  return {
    shopName: shop.shopName,
    products: products.map((product) => toProductCard(product)),
    total,
    page: query.page ?? 1,
    pageCount: Math.max(1, Math.ceil(total / Math.max(1, limit))),
    facets,
  };
}

/** A collection's name in the page's language (its slug stays the URL's, in English). */
function categoryName(slug: string | null, t: T): string | undefined {
  const found = CATEGORIES.find((c) => c.slug === slug);
  return found ? t(`category.${found.slug}`) : undefined;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const { t, locale, shop } = metaI18n(matches);
  const params = new URLSearchParams(location.search);
  const category = categoryName(params.get("category"), t);
  const page = Number(params.get("page") ?? 1);
  // One canonical address per collection page; sorting, filters and searches point back to it.
  const canonical = new URLSearchParams();
  if (category) canonical.set("category", params.get("category")!);
  if (page > 1) canonical.set("page", String(page));
  return pageMeta({
    shop,
    t,
    locale,
    title:
      t("shop.metaTitle", { category: category ?? t("shop.title"), shop: shop?.shopName ?? "" }) +
      (page > 1 ? ` · ${t("shop.page", { page })}` : ""),
    description: t("meta.defaultDescription"),
    path: `/shop${canonical.size > 0 ? `?${canonical}` : ""}`,
    noindex: params.has("search"),
  });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const tc = useTc();
  const { products, total, page, pageCount, facets } = loaderData;
  const [currentParams] = useSearchParams();
  const navigate = useLocalNavigate();
  const navigation = useNavigation();
  // While the next results load, the controls already show what the shopper chose.
  const pending =
    stripLocale(navigation.location?.pathname ?? "") === "/shop" ? navigation.location : undefined;
  const params = pending ? new URLSearchParams(pending.search) : currentParams;
  const filtersId = useId();
  const sheetTitleId = useId();
  const sidebarFormId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const urlRange = (): PriceRange => ({
    min: Math.max(PRICE_SLIDER_MIN_AED, Number(params.get("minPrice")) || PRICE_SLIDER_MIN_AED),
    max: Math.min(PRICE_SLIDER_MAX_AED, Number(params.get("maxPrice")) || PRICE_SLIDER_MAX_AED),
  });
  const [range, setRange] = useState<PriceRange>(urlRange);
  // True while the handles hold a range the shop has not applied yet (the slider applies it after a rest).
  const rangeAhead = useRef(false);
  // The slider follows the URL when it changes; the same range keeps the state as it is, so hydration
  // does not render the whole page a second time. While the shopper's handles are ahead of the URL, an
  // earlier range arriving (its results loaded) must not pull them back: her next step would start from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slider follows the URL when it changes.
  useEffect(() => {
    if (rangeAhead.current) return;
    const next = urlRange();
    setRange((current) => (current.min === next.min && current.max === next.max ? current : next));
  }, [params.toString()]);

  const loading =
    navigation.state === "loading" && stripLocale(navigation.location?.pathname ?? "") === "/shop";
  const category = params.get("category") ?? "all";
  const sort = params.get("sort") ?? "newest";
  const search = params.get("search") ?? "";

  function update(change: (next: URLSearchParams) => void) {
    rangeAhead.current = false;
    const next = new URLSearchParams(params);
    change(next);
    next.delete("page");
    navigate(`/shop${next.size > 0 ? `?${next}` : ""}`, { preventScrollReset: true });
  }

  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    if (n <= 1) next.delete("page");
    else next.set("page", String(n));
    return `/shop${next.size > 0 ? `?${next}` : ""}`;
  };

  const heading = categoryName(category, t) ?? t("shop.title");

  /** The filter form: the desktop sidebar and the phone sheet show the same one. */
  const filters = (inSheet: boolean) => (
    <ShopFilters
      inSheet={inSheet}
      formId={inSheet ? undefined : sidebarFormId}
      titleId={sheetTitleId}
      onClose={() => setFiltersOpen(false)}
      params={params}
      facets={facets}
      range={range}
      onRangeChange={(next) => {
        rangeAhead.current = true;
        setRange(next);
      }}
      update={update}
    />
  );

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="mb-8 flex flex-col gap-2">
        {heading !== t("shop.title") ? <p className="eyebrow">{t("shop.title")}</p> : null}
        <h1 className="text-4xl text-ink sm:text-5xl">{heading}</h1>
        <p className="text-sm text-stone" data-testid="shop-count">
          {search ? `${t("shop.searchResults", { search })} · ` : ""}
          {tc("shop.count", total)}
        </p>
      </header>

      {/* Before the button and the sidebar (a style in the body may only reach what follows it). Without
          JavaScript there is no sheet: phones get the sidebar's form, which applies with a button. */}
      <noscript>
        <style>
          {"[data-shop-sidebar]{display:block!important}[data-testid=filters-toggle]{display:none!important}"}
        </style>
      </noscript>
      <div className="mb-6 flex items-center justify-between gap-3">
        <button
          type="button"
          className="btn-outline px-4 whitespace-nowrap lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
          data-testid="filters-toggle"
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {t("shop.filters")}
        </button>
        <label className="ms-auto flex items-center gap-3 text-sm text-charcoal">
          <span className="sr-only sm:not-sr-only">{t("shop.sort")}</span>
          {/* Without JavaScript the order goes with the sidebar's form and its Apply button. */}
          <select
            name="sort"
            form={sidebarFormId}
            value={sort}
            onChange={(event) => update((next) => next.set("sort", event.target.value))}
            className="h-11 rounded-full border border-sand-dark bg-white/70 ps-4 pe-8 text-sm"
            data-testid="sort-select"
          >
            {SHOP_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`shop.sort.${value}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="grid gap-10 lg:grid-cols-[16rem_1fr]">
        <aside className="hidden lg:block" aria-label={t("shop.filters")} data-shop-sidebar="">
          {filters(false)}
        </aside>

        {/* Phones: the filters open as a sheet over the page, with the count of what they match. */}
        <Dialog
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          id={filtersId}
          labelledBy={sheetTitleId}
          testId="filters-sheet"
          className="fixed inset-x-0 top-auto bottom-0 m-0 max-h-[88dvh] w-full max-w-none rounded-t-3xl bg-ivory p-0 text-charcoal shadow-soft open:flex open:flex-col lg:hidden"
        >
          <div className="flex-1 overflow-y-auto overscroll-contain px-5 pt-4">{filters(true)}</div>
          <div className="border-t border-sand bg-ivory px-5 py-4">
            <button
              type="button"
              onClick={() => setFiltersOpen(false)}
              className="btn-primary w-full"
              aria-live="polite"
              data-testid="filters-show"
            >
              {loading ? t("shop.showUpdating") : tc("shop.show", total)}
            </button>
          </div>
        </Dialog>

        <section aria-label={heading} aria-busy={loading}>
          {/* The product cards are h3s; this keeps the outline whole where the filters' h2 is hidden. */}
          <h2 className="sr-only">{t("shop.results")}</h2>
          {loading ? (
            <div className="grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3" data-testid="shop-skeletons">
              <span className="sr-only" role="status">
                {t("shop.loading")}
              </span>
              {Array.from({ length: SHOP_SKELETON_COUNT }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          ) : products.length === 0 ? (
            <div className="rounded-2xl bg-cream px-6 py-16 text-center" data-testid="shop-empty">
              <p className="font-display text-3xl text-ink">{t("shop.empty")}</p>
              <p className="mt-2 text-stone">{t("shop.emptyHint")}</p>
              <Link to="/shop" className="btn-outline mt-6">
                {t("shop.clearFilters")}
              </Link>
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3" data-testid="shop-grid">
              {products.map((product, i) => (
                <ProductCard key={product._id} product={product} priority={i < 2} later={i >= 4} />
              ))}
            </div>
          )}

          {pageCount > 1 ? <ShopPagination page={page} pageCount={pageCount} pageHref={pageHref} /> : null}
        </section>
      </div>
    </div>
  );
}
