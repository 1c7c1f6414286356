import { useRouteLoaderData } from "react-router";
import type { Locale } from "#core/i18n/locale.ts";
import type { PageCopy, PageKey } from "#core/i18n/pages.en.ts";
import type { PublicConfig } from "../../server/config.ts";
import { useFormat, useT } from "../lib/i18n";
import { metaI18n, pageMeta } from "../lib/seo";

type RootData = { shop: PublicConfig } | undefined;

/** A left-to-right run (phone number, e-mail address) isolated inside right-to-left text. */
const ltr = (value: string) => `\u2066${value}\u2069`;

function fill(text: string, shop: PublicConfig | undefined, locale: Locale = "en"): string {
  if (!shop) return text;
  return text
    .replaceAll("{shop}", shop.shopName)
    .replaceAll("{email}", locale === "ar" ? ltr(shop.email) : shop.email)
    .replaceAll("{phone}", locale === "ar" ? ltr(shop.phone) : shop.phone);
}

/** meta() for a static page: its own title and description, in the page's language. */
export function staticPageMeta(
  key: PageKey,
  page: PageCopy | undefined,
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
) {
  const { t, locale, shop } = metaI18n(matches);
  if (!page) return [{ title: t("notFound.title") }];
  return pageMeta({
    shop,
    t,
    locale,
    title: `${page.title} | ${shop?.shopName ?? ""}`,
    description: fill(page.description, shop),
    path: `/${key}`,
  });
}

/** A static page's long-form copy (pages.en.ts / pages.ar.ts), sent by its route's loader. */
export function StaticPage({ page: key, copy: page }: { page: PageKey; copy: PageCopy }) {
  const t = useT();
  const format = useFormat();
  const shop = useRouteLoaderData<RootData>("root")?.shop;
  const updated = page.updated;
  return (
    <article className="container-page max-w-3xl py-12 sm:py-16" data-testid={`page-${key}`}>
      <header className="border-b border-sand pb-8">
        <h1 className="text-4xl text-ink sm:text-5xl">{page.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-stone">{fill(page.intro, shop, format.locale)}</p>
        {updated ? (
          <p className="mt-3 text-xs text-stone">
            {t("policy.lastUpdated", { date: format.date(updated, { dateStyle: "long" }) })}
          </p>
        ) : null}
      </header>
      <div className="prose-store">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs?.map((p) => (
              <p key={p.slice(0, 40)}>{fill(p, shop, format.locale)}</p>
            ))}
            {section.bullets ? (
              <ul>
                {section.bullets.map((b) => (
                  <li key={b}>{fill(b, shop, format.locale)}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        {page.closing ? <blockquote data-testid="about-tagline">{page.closing}</blockquote> : null}
      </div>
    </article>
  );
}
