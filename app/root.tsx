import cormorant600 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url";
import plexArabic400 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url";
import { type ReactNode, Suspense, useEffect, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { ANNOUNCEMENT_COOKIE } from "#core/constants.ts";
import { direction, fill, localeOfPath } from "#core/i18n/locale.ts";
import type { Route } from "./+types/root";
import arabicCss from "./arabic.css?url";
import arabicFacesCss from "./arabic-faces.css?url";
import { AnnouncementBar } from "./components/announcement-bar";
import { BottomBar } from "./components/bottom-bar";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import { LoadingOverlay } from "./components/loading-overlay";
import { NotFoundPage, UnexpectedErrorPage } from "./components/status-pages";
import { ToasterAfterHydration } from "./components/toaster";
import { getServices } from "./lib/context";
import { enLang, useLocale, useT } from "./lib/i18n";
import { pageMessages } from "./lib/i18n.server";
import { sameMessages } from "./lib/page-areas";
import { codeNotice, pickUpCodeLink } from "./lib/promo-link.server";
import { Stylesheet } from "./lib/stylesheet";
import { loadingCounter } from "./state/loading";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!/^\/admin(\/|$)/.test(pathname)) pickUpCodeLink(request);
  const locale = localeOfPath(pathname);
  // The back office's settings over the environment's (issue 15), in the page's language (decision 0025).
  const shop = await getServices(context).settings.shop(locale);
  const cookies = request.headers.get("cookie") ?? "";
  const announcementDismissed = cookies.split(/;\s*/).includes(`${ANNOUNCEMENT_COOKIE}=1`);
  // The page's messages, in its language and only its areas (docs/decisions/0012-arabic.md).
  const messages = pageMessages(pathname);
  const page = { shop, announcementDismissed, locale, messages };
  // A code link just kept its code (issue 28): this answer's announcement bar says so, once. Drawn by the
  // server in the bar every page has, it costs no page any script.
  const notice = codeNotice(request);
  if (!notice) return page;
  const text = fill(messages["announcement.codeKept"] ?? "", { code: notice.code });
  const enFields = shop.enFields?.filter((f) => f !== "announcement");
  return data(
    {
      ...page,
      shop: { ...shop, announcement: text, ...(enFields ? { enFields } : {}) },
      announcementDismissed: false,
    },
    { headers: { "Set-Cookie": notice.clear, "Cache-Control": "private, no-store" } },
  );
}

// The shop's identity and the dismissal cookie do not change as a shopper moves around; the messages
// change only when the next page is in another language or shows other areas of the catalog.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return !sameMessages(currentUrl.pathname, nextUrl.pathname);
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <html lang={locale} dir={direction(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#faf7f2" />
        <Meta />
        <Stylesheet />
        <Links />
        {/* The headings' face, fetched with the page rather than once the stylesheet has been applied. */}
        {locale === "ar" ? (
          <>
            <link rel="preload" href={plexArabic400} as="font" type="font/woff2" crossOrigin="" />
            <Stylesheet href={arabicCss} id="arabic-stylesheet" />
            <link rel="stylesheet" href={arabicFacesCss} media="not all" />
          </>
        ) : (
          <link rel="preload" href={cormorant600} as="font" type="font/woff2" crossOrigin="" />
        )}
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

/** SPEC §1: on every path change the page scrolls to the top; navigations feed the loading counter. */
function useShellEffects() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const counting = useRef(false);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // A marker the end-to-end tests wait for before they click, and the moment `npm run phone` reports.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    performance.mark("hydrated");
  }, []);

  useEffect(() => {
    const busy = navigation.state !== "idle";
    if (busy && !counting.current) {
      counting.current = true;
      loadingCounter.start();
    } else if (!busy && counting.current) {
      counting.current = false;
      loadingCounter.finish();
    }
  }, [navigation.state]);
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const t = useT();
  const { pathname } = useLocation();
  useShellEffects();
  // The back office draws its own chrome (app/routes/admin/layout.tsx).
  if (/^\/admin(\/|$)/.test(pathname)) return children;
  if (!data) return <main id="main">{children}</main>;
  return (
    <div className="flex min-h-dvh flex-col pb-16 md:pb-0">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory"
      >
        {t("nav.skipToContent")}
      </a>
      <AnnouncementBar
        initiallyDismissed={data.announcementDismissed}
        text={data.shop.announcement}
        lang={enLang(data.shop, "announcement")}
      />
      <Header shop={data.shop} />
      <main id="main" className="flex-1" tabIndex={-1}>
        {children}
      </main>
      {/* A boundary of its own: React hydrates the footer after the rest of the page, in its own task
          (selective hydration), and a tap on it before then is replayed by React. Nothing in it suspends,
          so the server's HTML is the same, in place (docs/decisions/0011-speed.md, "Total blocking time"). */}
      <Suspense>
        <Footer shop={data.shop} />
      </Suspense>
      <BottomBar />
      <LoadingOverlay />
      <ToasterAfterHydration />
    </div>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Shell>
      <title>{notFound ? t("notFound.title") : t("error.title")}</title>
      {notFound ? <NotFoundPage /> : <UnexpectedErrorPage />}
    </Shell>
  );
}
