import { useRouteLoaderData } from "react-router";
import { t } from "#core/i18n/index.ts";
import { type PageKey, pagesEn } from "#core/i18n/pages.en.ts";
import type { PublicConfig } from "../../server/config.ts";
import { pageMeta, shopFromMatches } from "../lib/seo";

type RootData = { shop: PublicConfig } | undefined;

function fill(text: string, shop: PublicConfig | undefined): string {
  if (!shop) return text;
  return text
    .replaceAll("{shop}", shop.shopName)
    .replaceAll("{email}", shop.email)
    .replaceAll("{phone}", shop.phone);
}

/** meta() for a static page: its own title and description. */
export function staticPageMeta(
  key: PageKey,
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
) {
  const shop = shopFromMatches(matches);
  const page = pagesEn[key];
  return pageMeta({
    shop,
    title: `${page.title} | ${shop?.shopName ?? ""}`,
    description: fill(page.description, shop),
    path: `/${key}`,
  });
}

export function StaticPage({ page: key }: { page: PageKey }) {
  const shop = useRouteLoaderData<RootData>("root")?.shop;
  const page = pagesEn[key];
  const updated = "updated" in page ? page.updated : undefined;
  return (
    <article className="container-page max-w-3xl py-12 sm:py-16" data-testid={`page-${key}`}>
      <header className="border-b border-sand pb-8">
        <h1 className="text-4xl text-ink sm:text-5xl">{page.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-stone">{fill(page.intro, shop)}</p>
        {updated ? (
          <p className="mt-3 text-xs text-stone">
            {t("policy.lastUpdated", {
              date: new Intl.DateTimeFormat("en-AE", { dateStyle: "long", timeZone: "Asia/Dubai" }).format(
                new Date(updated),
              ),
            })}
          </p>
        ) : null}
      </header>
      <div className="prose-store">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {"paragraphs" in section
              ? section.paragraphs?.map((p) => <p key={p.slice(0, 40)}>{fill(p, shop)}</p>)
              : null}
            {"bullets" in section && section.bullets ? (
              <ul>
                {section.bullets.map((b) => (
                  <li key={b}>{fill(b, shop)}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        {"closing" in page && page.closing ? (
          <blockquote data-testid="about-tagline">{page.closing}</blockquote>
        ) : null}
      </div>
    </article>
  );
}
