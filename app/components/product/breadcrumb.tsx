import { Link, useT } from "../../lib/i18n";

/** Home / Shop / the product's name. */
export function ProductBreadcrumb({ name }: { name: string }) {
  const t = useT();
  return (
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
          {name}
        </li>
      </ol>
    </nav>
  );
}
