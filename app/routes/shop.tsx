import { SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { toProductCard } from "#core/catalog.ts";
import {
  CATEGORIES,
  type CategorySlug,
  PRICE_SLIDER_MAX_AED,
  PRICE_SLIDER_MIN_AED,
  SHOP_SKELETON_COUNT,
  SHOP_SORTS,
} from "#core/constants.ts";
import { type MessageKey, stripLocale } from "#core/i18n/index.ts";
import { pageWindow } from "#core/pagination.ts";
import type { PriceRange } from "#core/price-range.ts";
import { parseShopSearchParams } from "#core/schemas/catalog.schema.ts";
import { PriceSlider } from "../components/price-slider";
import { ProductCard } from "../components/product-card";
import { ProductCardSkeleton } from "../components/skeleton";
import { Dialog } from "../components/ui/dialog";
import { getServices } from "../lib/context";
import { requestLocale } from "../lib/copy.server";
import { Link, type T, useHref, useLocalNavigate, useT } from "../lib/i18n";
import { metaI18n, pageMeta } from "../lib/seo";
import type { Route } from "./+types/shop";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const { catalog, settings } = getServices(context);
  const query = parseShopSearchParams(new URL(request.url).searchParams);
  const [{ products, total }, facets, shop] = await Promise.all([
    catalog.listProducts(query, locale),
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

/** SPEC §2: the collections the category filter offers. */
const OFFERED_CATEGORIES: readonly string[] = ["ethnic-elegance", "graceful-abayas"];

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

function FilterGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="border-b border-sand py-5">
      <legend className="float-start mb-3 w-full text-xs font-semibold tracking-[0.18em] text-ink uppercase">
        {legend}
      </legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

function CheckList({
  name,
  values,
  labels,
  selected,
  onToggle,
}: {
  name: string;
  values: string[];
  /** The values' names in the page's language (Arabic answers); a value without one shows in English. */
  labels?: Record<string, string>;
  selected: string[];
  onToggle: (value: string) => void;
}) {
  // The URL changes inside a transition; holding the ticks locally keeps a box from flicking back
  // to its old state between the click and the new URL.
  const [ticked, setTicked] = useState(selected);
  const key = selected.join("\u0000");
  // Only a new URL's values replace the ticks (hydration renders nothing again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the selected values.
  useEffect(() => setTicked((current) => (current.join("\u0000") === key ? current : selected)), [key]);
  return (
    <ul className="space-y-1">
      {values.map((value) => (
        <li key={value}>
          <label className="flex min-h-9 cursor-pointer items-center gap-3 text-sm text-charcoal">
            <input
              type="checkbox"
              name={name}
              value={value}
              checked={ticked.includes(value)}
              onChange={() => {
                setTicked((current) =>
                  current.includes(value) ? current.filter((v) => v !== value) : [...current, value],
                );
                onToggle(value);
              }}
              className="size-4 accent-accent"
            />
            <span lang={labels && !labels[value] ? "en" : undefined}>{labels?.[value] ?? value}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
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
  const [filtersOpen, setFiltersOpen] = useState(false);

  const urlRange = (): PriceRange => ({
    min: Math.max(PRICE_SLIDER_MIN_AED, Number(params.get("minPrice")) || PRICE_SLIDER_MIN_AED),
    max: Math.min(PRICE_SLIDER_MAX_AED, Number(params.get("maxPrice")) || PRICE_SLIDER_MAX_AED),
  });
  const [range, setRange] = useState<PriceRange>(urlRange);
  // The slider follows the URL when it changes; the same range keeps the state as it is, so hydration
  // does not render the whole page a second time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slider follows the URL when it changes.
  useEffect(() => {
    const next = urlRange();
    setRange((current) => (current.min === next.min && current.max === next.max ? current : next));
  }, [params.toString()]);

  const loading =
    navigation.state === "loading" && stripLocale(navigation.location?.pathname ?? "") === "/shop";
  const category = params.get("category") ?? "all";
  const sort = params.get("sort") ?? "newest";
  const search = params.get("search") ?? "";

  function update(change: (next: URLSearchParams) => void) {
    const next = new URLSearchParams(params);
    change(next);
    next.delete("page");
    navigate(`/shop${next.size > 0 ? `?${next}` : ""}`, { preventScrollReset: true });
  }

  const toggle = (key: string) => (value: string) =>
    update((next) => {
      const current = next.getAll(key);
      next.delete(key);
      for (const v of current.includes(value) ? current.filter((c) => c !== value) : [...current, value]) {
        next.append(key, v);
      }
    });

  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    if (n <= 1) next.delete("page");
    else next.set("page", String(n));
    return `/shop${next.size > 0 ? `?${next}` : ""}`;
  };

  const heading = categoryName(category, t) ?? t("shop.title");

  // SPEC §2 offers two collections; a third named by the URL (the home page links designer-jalabiya)
  // shows as an extra, selected choice while the URL names it, so the shopper can see and clear it.
  const offered = CATEGORIES.filter((c) => OFFERED_CATEGORIES.includes(c.slug));
  const extra = CATEGORIES.find((c) => c.slug === category && !OFFERED_CATEGORIES.includes(c.slug));
  const categoryChoices = [{ slug: "all", name: t("shop.all") }, ...offered, ...(extra ? [extra] : [])];

  /** The filter form: the desktop sidebar and the phone sheet show the same one. */
  const filters = (inSheet: boolean) => (
    // Without JavaScript the filters still work as a plain GET form.
    <Form
      method="get"
      action={href("/shop")}
      data-testid={inSheet ? "shop-filters-sheet" : "shop-filters"}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex items-center justify-between gap-3 border-b border-sand pb-3">
        <h2
          id={inSheet ? sheetTitleId : undefined}
          className="font-sans text-sm font-semibold tracking-[0.18em] text-ink uppercase"
        >
          {t("shop.filters")}
        </h2>
        <Link
          to="/shop"
          className="ms-auto text-sm text-accent-dark underline-offset-4 hover:underline"
          preventScrollReset
        >
          {t("shop.clearFilters")}
        </Link>
        {inSheet ? (
          <button
            type="button"
            onClick={() => setFiltersOpen(false)}
            className="-me-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-cream"
            aria-label={t("shop.closeFilters")}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {search ? <input type="hidden" name="search" value={search} /> : null}
      <FilterGroup legend={t("shop.category")}>
        <ul className="space-y-1">
          {categoryChoices.map((c) => (
            <li key={c.slug}>
              <label className="flex min-h-9 cursor-pointer items-center gap-3 text-sm text-charcoal">
                <input
                  type="radio"
                  name="category"
                  value={c.slug}
                  checked={category === c.slug}
                  onChange={() =>
                    update((next) =>
                      c.slug === "all" ? next.delete("category") : next.set("category", c.slug),
                    )
                  }
                  className="size-4 accent-accent"
                />
                {c.slug === "all" ? c.name : t(`category.${c.slug as CategorySlug}`)}
              </label>
            </li>
          ))}
        </ul>
      </FilterGroup>
      <FilterGroup legend={t("shop.price")}>
        <PriceSlider
          value={range}
          onChange={setRange}
          onCommit={(committed) =>
            update((next) => {
              next.set("minPrice", String(committed.min));
              next.set("maxPrice", String(committed.max));
            })
          }
        />
      </FilterGroup>
      <FilterGroup legend={t("shop.color")}>
        <CheckList
          name="color"
          values={facets.colors}
          labels={facets.labels?.colors}
          selected={params.getAll("color")}
          onToggle={toggle("color")}
        />
      </FilterGroup>
      <FilterGroup legend={t("shop.fabric")}>
        <CheckList
          name="fabric"
          values={facets.fabrics}
          labels={facets.labels?.fabrics}
          selected={params.getAll("fabric")}
          onToggle={toggle("fabric")}
        />
      </FilterGroup>
      <FilterGroup legend={t("shop.type")}>
        <CheckList
          name="type"
          values={facets.types}
          labels={facets.labels?.types}
          selected={params.getAll("type")}
          onToggle={toggle("type")}
        />
      </FilterGroup>
      <noscript>
        <button type="submit" className="btn-primary mt-5 w-full">
          {t("shop.applyFilters")}
        </button>
      </noscript>
    </Form>
  );

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="mb-8 flex flex-col gap-2">
        {heading !== t("shop.title") ? <p className="eyebrow">{t("shop.title")}</p> : null}
        <h1 className="text-4xl text-ink sm:text-5xl">{heading}</h1>
        <p className="text-sm text-stone" data-testid="shop-count">
          {search ? `${t("shop.searchResults", { search })} · ` : ""}
          {total === 1 ? t("shop.countOne") : t("shop.count", { count: total })}
        </p>
      </header>

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
          <select
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
        <aside className="hidden lg:block" aria-label={t("shop.filters")}>
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
              {loading
                ? t("shop.showUpdating")
                : total === 1
                  ? t("shop.showOne")
                  : t("shop.showCount", { count: total })}
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
                <ProductCard key={product._id} product={product} priority={i < 2} />
              ))}
            </div>
          )}

          {pageCount > 1 ? (
            <nav
              aria-label={t("shop.pagination")}
              className="mt-12 flex flex-wrap items-center justify-center gap-2"
              data-testid="pagination"
            >
              {page > 1 ? (
                <Link to={pageHref(page - 1)} rel="prev" className="btn-outline">
                  {t("shop.previous")}
                </Link>
              ) : null}
              {pageWindow(page, pageCount).map((n, i) =>
                n === null ? (
                  <span key={`gap-${i}`} className="px-1 text-stone" aria-hidden="true">
                    …
                  </span>
                ) : (
                  <Link
                    key={n}
                    to={pageHref(n)}
                    aria-current={n === page ? "page" : undefined}
                    aria-label={t("shop.page", { page: n })}
                    className={`inline-flex size-11 items-center justify-center rounded-full text-sm ${
                      n === page ? "bg-ink text-ivory" : "text-charcoal hover:bg-cream"
                    }`}
                  >
                    {n}
                  </Link>
                ),
              )}
              {page < pageCount ? (
                <Link to={pageHref(page + 1)} rel="next" className="btn-outline">
                  {t("shop.next")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}
