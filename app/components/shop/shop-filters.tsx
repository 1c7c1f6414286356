import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import type { CatalogFacets } from "#core/catalog.ts";
import { CATEGORIES, type CategorySlug } from "#core/constants.ts";
import type { PriceRange } from "#core/price-range.ts";
import { Link, useHref, useT } from "../../lib/i18n";
import { PriceSlider } from "../price-slider";

/** SPEC §2: the collections the category filter offers. */
const OFFERED_CATEGORIES: readonly string[] = ["ethnic-elegance", "graceful-abayas"];

/** Changes the shop's URL: `change` edits a copy of the search params, and the page goes back to 1. */
export type ShopUpdate = (change: (next: URLSearchParams) => void) => void;

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

/**
 * The shop's filter form (SPEC §2): collection, price, colour, fabric and type. The desktop sidebar and
 * the phone sheet show the same one; each change updates the URL at once.
 */
export function ShopFilters({
  inSheet,
  formId,
  titleId,
  onClose,
  params,
  facets,
  range,
  onRangeChange,
  update,
}: {
  inSheet: boolean;
  /** The form's id (the sidebar's: the sort list outside it is submitted with it without JavaScript). */
  formId?: string;
  /** The sheet's title id (the dialog is labelled by it). */
  titleId: string;
  onClose: () => void;
  /** The search params the controls show (the pending navigation's while it loads). */
  params: URLSearchParams;
  facets: CatalogFacets;
  range: PriceRange;
  onRangeChange: (range: PriceRange) => void;
  update: ShopUpdate;
}) {
  const t = useT();
  const href = useHref();
  const category = params.get("category") ?? "all";
  const search = params.get("search") ?? "";

  const toggle = (key: string) => (value: string) =>
    update((next) => {
      const current = next.getAll(key);
      next.delete(key);
      for (const v of current.includes(value) ? current.filter((c) => c !== value) : [...current, value]) {
        next.append(key, v);
      }
    });

  // SPEC §2 offers two collections; a third named by the URL (the home page links designer-jalabiya)
  // shows as an extra, selected choice while the URL names it, so the shopper can see and clear it.
  const offered = CATEGORIES.filter((c) => OFFERED_CATEGORIES.includes(c.slug));
  const extra = CATEGORIES.find((c) => c.slug === category && !OFFERED_CATEGORIES.includes(c.slug));
  const categoryChoices = [{ slug: "all", name: t("shop.all") }, ...offered, ...(extra ? [extra] : [])];

  // Without JavaScript the filters still work as a plain GET form.
  return (
    <Form
      id={formId}
      method="get"
      action={href("/shop")}
      discover="none"
      data-testid={inSheet ? "shop-filters-sheet" : "shop-filters"}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex items-center justify-between gap-3 border-b border-sand pb-3">
        <h2
          id={inSheet ? titleId : undefined}
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
            onClick={onClose}
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
          onChange={onRangeChange}
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
}
