import { Clock, Gem, Phone, Ruler, Scissors } from "lucide-react";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { STITCHING_SERVICE_AREAS } from "#core/constants.ts";
import { fill } from "#core/i18n/index.ts";
import { SERVICE_TYPES } from "#core/requests.ts";
import type { PublicConfig } from "../../server/config.ts";
import { telHref } from "../components/header";
import { StitchingForm } from "../components/requests/stitching-form";
import { Panel } from "../components/ui/panel";
import { stitchingCopy } from "../lib/copy.server";
import { type PostedRequest, requestFormAction } from "../lib/request-forms.server";
import { absoluteUrl, breadcrumbLd, metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import type { Route } from "./+types/stitching-service";

const PATH = "/stitching-service";

/** Title, description and a schema.org Service for search engines and link previews (issue 12). */
export function loader({ request }: Route.LoaderArgs) {
  return { copy: stitchingCopy(request) };
}

/** The request form posted before (or without) the page's script (decision 0018). */
export function action(args: Route.ActionArgs) {
  return requestFormAction("stitching", args, stitchingCopy(args.request).successNext);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const copy = loaderData?.copy;
  if (!copy) return [{ title: t("notFound.title") }];
  const shop = shopFromMatches(matches);
  const site = shop?.siteUrl ?? "http://localhost:3000";
  const shopName = shop?.shopName ?? "";
  const description = fill(copy.metaDescription, { shop: shopName });
  return pageMeta({
    shop,
    t,
    locale,
    title: fill(copy.metaTitle, { shop: shopName }),
    description,
    path: PATH,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Service",
        name: copy.title,
        serviceType: copy.ldServiceType,
        description,
        url: absoluteUrl(site, PATH),
        provider: {
          "@type": "ClothingStore",
          name: shopName,
          url: site,
          telephone: shop?.phone,
          email: shop?.email,
        },
        areaServed: STITCHING_SERVICE_AREAS.map((name) => ({ "@type": "City", name })),
        hasOfferCatalog: {
          "@type": "OfferCatalog",
          name: copy.title,
          itemListElement: SERVICE_TYPES.map((name) => ({
            "@type": "Offer",
            itemOffered: { "@type": "Service", name },
          })),
        },
      },
      breadcrumbLd(site, [
        { name: shopName, path: "/" },
        { name: copy.title, path: PATH },
      ]),
    ],
  });
}

const tileIcons: Record<string, ReactNode> = {
  tailoring: <Scissors className="size-5" aria-hidden="true" />,
  fit: <Ruler className="size-5" aria-hidden="true" />,
  fabrics: <Gem className="size-5" aria-hidden="true" />,
  turnaround: <Clock className="size-5" aria-hidden="true" />,
};

function PanelItem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-s-2 border-accent ps-4">
      <dt className="font-sans text-sm font-semibold text-ivory">{title}</dt>
      <dd className="mt-1 text-sm leading-relaxed text-ivory/80">{children}</dd>
    </div>
  );
}

/**
 * SPEC §2 /stitching-service: the four benefit tiles, the request form, and the side panel (processing
 * time, measurement process, service areas, quality guarantee, contact phone and e-mail, response time;
 * SPEC §9 Stitching figures). Laid out for a phone first: the way to the form is the first thing under
 * the heading, and the form is one column with large targets.
 */
export default function StitchingService({ loaderData, actionData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const shop = useRouteLoaderData<{ shop: PublicConfig }>("root")?.shop;
  if (!shop) return null;
  return (
    <div className="pb-16 sm:pb-20">
      <header className="bg-cream">
        <div className="container-page py-10 sm:py-14">
          <p className="eyebrow">{copy.eyebrow}</p>
          <h1 className="mt-3 max-w-2xl text-4xl text-ink sm:text-5xl">{copy.title}</h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-stone sm:text-lg">{copy.intro}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href="#request" className="btn-accent h-12 text-base">
              {copy.cta}
            </a>
            <a href={telHref(shop.phone)} className="btn-outline h-12 text-base">
              <Phone className="size-4" aria-hidden="true" />
              <bdi dir="ltr">{shop.phone}</bdi>
            </a>
          </div>
        </div>
      </header>

      <section aria-labelledby="benefits-title" className="container-page mt-8 sm:mt-12">
        <h2 id="benefits-title" className="sr-only">
          {copy.benefits}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="stitching-benefits">
          {copy.tiles.map((tile) => (
            <li key={tile.key} className="rounded-2xl border border-sand bg-white/60 p-4 sm:p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
                {tileIcons[tile.key]}
              </span>
              <h3 className="mt-3 font-sans text-sm font-semibold text-ink sm:text-base">{tile.title}</h3>
              <p className="mt-1 text-xs leading-relaxed text-stone sm:text-sm">{tile.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="container-page mt-10 grid items-start gap-8 sm:mt-14 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel id="request" labelledBy="request-title" pad="lg">
          <h2 id="request-title" className="text-3xl text-ink">
            {copy.formTitle}
          </h2>
          <p className="mt-2 mb-6 text-sm text-stone">{copy.formIntro}</p>
          <StitchingForm shop={shop} copy={copy} posted={actionData as PostedRequest | undefined} />
        </Panel>

        <aside
          aria-labelledby="panel-title"
          className="rounded-2xl bg-ink p-6 text-ivory sm:p-8 lg:sticky lg:top-28"
          data-testid="stitching-panel"
        >
          <h2 id="panel-title" className="text-2xl">
            {copy.panelTitle}
          </h2>
          <dl className="mt-6 space-y-5">
            <PanelItem title={copy.processing}>{copy.processingText}</PanelItem>
            <PanelItem title={copy.measurement}>
              <ol className="list-decimal space-y-1 ps-4 marker:text-accent-soft">
                {copy.steps.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ol>
            </PanelItem>
            <PanelItem title={copy.areas}>
              {copy.areasList}
              <span className="mt-1 block text-ivory/65">{copy.areasOther}</span>
            </PanelItem>
            <PanelItem title={copy.guarantee}>{copy.guaranteeText}</PanelItem>
            <PanelItem title={copy.contact}>
              <a href={telHref(shop.phone)} className="block py-1 text-ivory underline underline-offset-4">
                <bdi dir="ltr">{shop.phone}</bdi>
              </a>
              <a
                href={`mailto:${shop.email}`}
                className="block break-all py-1 text-ivory underline underline-offset-4"
              >
                <bdi dir="ltr">{shop.email}</bdi>
              </a>
            </PanelItem>
          </dl>
          <p className="mt-6 border-t border-ivory/15 pt-5 text-sm font-medium text-accent-soft">
            {copy.response}
          </p>
        </aside>
      </div>
    </div>
  );
}
