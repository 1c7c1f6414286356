import { MEASUREMENTS } from "#core/schemas/measurements.ts";
import { FIGURE_MARKS, MeasuringFigure } from "../components/measuring-figure";
import { Link, useLocale, useT } from "../lib/i18n";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import type { Route } from "./+types/measuring-guide";

export function meta({ matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    t,
    locale,
    title: t("mtm.guide.meta", { shop: shop?.shopName ?? "" }),
    description: t("mtm.guide.intro"),
    path: "/measuring-guide",
  });
}

/**
 * How to measure oneself (issue 29; decision 0040): the shop's own drawing with a numbered line per
 * measurement, and one short instruction for each, in the order of the drawing's numbers. A page of
 * text and SVG: nothing here needs a script.
 */
export default function MeasuringGuidePage() {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="container-page py-10 sm:py-14" data-testid="measuring-guide">
      <header className="max-w-2xl">
        <h1 className="text-4xl text-ink sm:text-5xl">{t("mtm.guide.title")}</h1>
        <p className="mt-3 text-stone">{t("mtm.guide.intro")}</p>
      </header>
      <div className="mt-8 grid gap-8 md:grid-cols-[minmax(0,18rem)_1fr] md:items-start">
        <figure className="mx-auto w-full max-w-xs rounded-2xl border border-sand bg-white/70 p-4 md:sticky md:top-28">
          <MeasuringFigure title={t("mtm.guide.figure")} />
        </figure>
        <ol className="flex flex-col gap-3">
          {FIGURE_MARKS.map((mark, index) => {
            const definition = MEASUREMENTS.find((m) => m.key === mark.key)!;
            return (
              <li key={mark.key} className="flex gap-3 rounded-xl border border-sand bg-white/70 p-4">
                <span
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-charcoal text-sm font-semibold text-ivory"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div>
                  <h2 className="text-lg font-medium text-ink">
                    {locale === "ar" ? definition.ar : definition.en}
                    {definition.required ? (
                      <span className="ms-0.5 text-accent-dark" aria-hidden="true">
                        *
                      </span>
                    ) : null}
                  </h2>
                  <p className="text-sm text-stone">{t(`mtm.guide.${mark.key}`)}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      <p className="mt-8 max-w-2xl text-sm text-stone">{t("mtm.guide.tip")}</p>
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to="/account?tab=measurements" className="btn-primary">
          {t("mtm.guide.back")}
        </Link>
        <Link to="/stitching-service" className="btn-outline">
          {t("mtm.requests.new")}
        </Link>
      </p>
    </div>
  );
}
