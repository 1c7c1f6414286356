import { pageWindow } from "#core/pagination.ts";
import { Link, useT } from "../../lib/i18n";

/** The shop's page links: previous, a window of numbers around the current page, next. */
export function ShopPagination({
  page,
  pageCount,
  pageHref,
}: {
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
}) {
  const t = useT();
  return (
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
  );
}
