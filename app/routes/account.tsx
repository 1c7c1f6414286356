import { Heart, LogOut, MapPin, Package, Settings } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { data, redirect, useSearchParams } from "react-router";
import { localizePath } from "#core/i18n/index.ts";
import { endPageSessionCookies } from "#core/page-session.ts";
import type { DrawnBook } from "../components/account/addresses-tab";
import type { DrawnProfiles } from "../components/account/measurements-tab";
import { PanelSkeleton } from "../components/account/panel";
import { addressAction, isAddressIntent } from "../lib/address-forms.server";
import { getServices } from "../lib/context";
import { Link, useLocalNavigate, useT } from "../lib/i18n";
import { lazy } from "../lib/lazy";
import { isMeasurementIntent, measurementAction } from "../lib/measurement-forms.server";
import { csrfToken, isOwnPost, isSecure, pageLocale, pageUser, text } from "../lib/page-forms.server";
import { reviewAction, reviewPage } from "../lib/review-form.server";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import { endPageSession, hasHandoffMark, receivePageSession } from "../state/page-session";
import { afterLoginPath, logout, refreshProfile, useSession } from "../state/session";
import type { Route } from "./+types/account";

/**
 * A shopper signed in by the plain HTML form (decision 0018) has a page session: the page is drawn for
 * her (her name), and its hydration hands the token to the browser. Otherwise the page is drawn empty,
 * as before: the data is read in the browser with the token (SPEC §6).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token: csrf, headers } = csrfToken(request);
  const user = await pageUser(context, request);
  // Her addresses, drawn with their forms so they work before (or without) the page's script (0034).
  let book: DrawnBook | null = null;
  if (user && new URL(request.url).searchParams.get("tab") === "addresses") {
    LoadedAddressesTab ??= (await loadAddressesTab()).AddressesTab;
    book = { email: user.email ?? "", ...(await getServices(context).addresses.listAddresses(user)) };
  }
  // Her measurement profiles and stitching requests, drawn the same way (issue 29; decision 0040).
  let measurements: DrawnProfiles | null = null;
  let requests: Awaited<ReturnType<ReturnType<typeof getServices>["measurements"]["listRequests"]>> | null =
    null;
  const tab = new URL(request.url).searchParams.get("tab");
  if (user && tab === "measurements") {
    LoadedMeasurementsTab ??= (await loadMeasurementsTab()).MeasurementsTab;
    measurements = { profiles: await getServices(context).measurements.listProfiles(user) };
  }
  if (user && tab === "requests") requests = await getServices(context).measurements.listRequests(user);
  // /account?review=<slug>: the product page's review form without JavaScript (decision 0034).
  const review = await reviewPage(context, request, user, csrf, pageLocale(request));
  return data({ csrf, name: user?.name ?? null, book, measurements, requests, review }, { headers });
}

/**
 * Forms posted before (or without) the page's script: log-out ends the page session, then /login; the
 * address forms save through the same service as the API (decision 0034).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = pageLocale(request);
  const intent = text(form, "intent");
  if (isAddressIntent(intent)) {
    return addressAction(request, context, form, intent, await pageUser(context, request), locale);
  }
  if (isMeasurementIntent(intent)) {
    return measurementAction(request, context, form, intent, await pageUser(context, request), locale);
  }
  if (intent === "review") {
    const { token } = csrfToken(request);
    return reviewAction(request, context, form, await pageUser(context, request), token, locale);
  }
  if (intent !== "logout" || !isOwnPost(request, form)) {
    return redirect(localizePath("/account", locale), 303);
  }
  const headers = new Headers();
  for (const cookie of endPageSessionCookies(isSecure(request))) headers.append("Set-Cookie", cookie);
  return redirect(localizePath("/login", locale), { status: 303, headers });
}

/** The page carries the visitor's CSRF token (and on /account, her name): no cache keeps a copy. */
export function headers(): HeadersInit {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    t,
    locale,
    title: t("account.meta", { shop: shop?.shopName ?? "" }),
    description: t("account.intro"),
    path: "/account",
    noindex: true,
  });
}

// Each tab loads when it is shown: the page is drawn empty on the server (the data is private), and the
// forms' validation code (zod) would otherwise put /account far over the 150 KB first-load budget.
const OrdersTab = lazy(() =>
  import("../components/account/orders-tab").then((m) => ({ default: m.OrdersTab })),
);
// The addresses tab the server drew (a page-session shopper, decision 0034): its code is fetched before
// the page hydrates, so the drawn forms, and what she typed in them meanwhile, are hydrated in place.
const loadAddressesTab = () => import("../components/account/addresses-tab");
const AddressesTab = lazy(() => loadAddressesTab().then((m) => ({ default: m.AddressesTab })));
let LoadedAddressesTab: typeof import("../components/account/addresses-tab").AddressesTab | undefined;
if (typeof document !== "undefined" && document.querySelector('[data-testid="address-book"][data-drawn]')) {
  LoadedAddressesTab = (await loadAddressesTab()).AddressesTab;
}
// The measurement profiles (issue 29), hydrated in place like the addresses when the server drew them.
const loadMeasurementsTab = () => import("../components/account/measurements-tab");
const MeasurementsTab = lazy(() => loadMeasurementsTab().then((m) => ({ default: m.MeasurementsTab })));
let LoadedMeasurementsTab:
  | typeof import("../components/account/measurements-tab").MeasurementsTab
  | undefined;
if (typeof document !== "undefined" && document.querySelector('[data-testid="measurements"][data-drawn]')) {
  LoadedMeasurementsTab = (await loadMeasurementsTab()).MeasurementsTab;
}
const RequestsTab = lazy(() =>
  import("../components/account/quoted-requests-tab").then((m) => ({ default: m.QuotedRequestsTab })),
);
const SettingsTab = lazy(() =>
  import("../components/account/settings-tab").then((m) => ({ default: m.SettingsTab })),
);

// Drawn here rather than imported: each icon module would be one more chunk every page's manifest names.
function TapeIcon(props: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" {...props}>
      <path d="M3 15 15 3l6 6L9 21zM7 11l2 2m1-5 2 2m1-5 2 2" />
    </svg>
  );
}
function NeedleIcon(props: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" {...props}>
      <path d="M4 20 18 6m0 0a2 2 0 1 0 0-.01M8 4c6 0 12 4 12 10" />
    </svg>
  );
}

const TABS = [
  { id: "orders", label: "account.tab.orders", Icon: Package },
  { id: "addresses", label: "account.tab.addresses", Icon: MapPin },
  { id: "measurements", label: "profile.mtm.tab.measurements", Icon: TapeIcon },
  { id: "requests", label: "profile.mtm.tab.requests", Icon: NeedleIcon },
  { id: "settings", label: "account.tab.settings", Icon: Settings },
] as const;
type TabId = (typeof TABS)[number]["id"];

function isTab(value: string | null): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

const linkClass = (active: boolean) =>
  `flex min-h-11 items-center gap-2.5 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors md:rounded-xl md:border-transparent ${
    active ? "border-charcoal bg-charcoal text-ivory" : "border-sand-dark text-charcoal hover:bg-cream"
  }`;

/**
 * SPEC §2 /account: the shopper's own data, read in the browser with the token (SPEC §6), so the page
 * is rendered empty on the server and visitors without a token are sent to /login. The sections are
 * links (`?tab=`), so each can be bookmarked and the back button moves between them.
 */
export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const session = useSession();
  const navigate = useLocalNavigate();
  const [params] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: TabId = isTab(tabParam) ? tabParam : "orders";
  // A native sign-in's token is being handed to this browser (decision 0018): no verdict before it.
  const [handingOff, setHandingOff] = useState(true);

  useEffect(() => {
    if (!hasHandoffMark()) {
      setHandingOff(false);
      return;
    }
    void receivePageSession().then((received) => {
      setHandingOff(false);
      // SPEC §2's redirect after a log-in, as the scripted form makes it.
      if (received) navigate(afterLoginPath(), { replace: true });
    });
  }, [navigate]);

  useEffect(() => {
    if (session.ready && !session.token && !handingOff) navigate("/login", { replace: true });
  }, [session.ready, session.token, handingOff, navigate]);

  useEffect(() => {
    if (session.token && !session.user) void refreshProfile();
  }, [session.token, session.user]);

  const signedIn = session.ready && session.token;
  const book = tab === "addresses" ? (loaderData?.book ?? null) : null;
  const drawnProfiles = tab === "measurements" ? (loaderData?.measurements ?? null) : null;
  const drawnRequests = tab === "requests" ? (loaderData?.requests ?? null) : null;
  const Measurements = LoadedMeasurementsTab ?? MeasurementsTab;
  const Addresses = LoadedAddressesTab ?? AddressesTab;
  const active = TABS.find((item) => item.id === tab) ?? TABS[0];
  // The review form drawn by the server (?review=<slug>), as posted back when it was refused.
  const review = actionData && "review" in actionData ? actionData.review : loaderData?.review;

  return (
    <div className="container-page py-10 sm:py-14" data-testid="account-page">
      <header className="max-w-2xl">
        <p className="eyebrow">{t("account.title")}</p>
        <h1 className="mt-2 text-4xl text-ink sm:text-5xl" data-testid="account-greeting">
          {session.user?.name || loaderData?.name
            ? t("account.greeting", { name: session.user?.name || loaderData?.name || "" })
            : t("account.title")}
        </h1>
        <p className="mt-3 text-stone">{t("account.intro")}</p>
      </header>

      <div className="mt-8 grid gap-8 md:grid-cols-[15rem_1fr] lg:gap-12">
        <nav aria-label={t("account.nav")}>
          <ul className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap md:gap-1">
            <li>
              <Link
                to="?tab=orders"
                className={linkClass(tab === "orders")}
                aria-current={tab === "orders" ? "page" : undefined}
                preventScrollReset
              >
                <Package className="size-4" aria-hidden="true" />
                {t("account.tab.orders")}
              </Link>
            </li>
            <li>
              <Link to="/wishlist" className={linkClass(false)}>
                <Heart className="size-4" aria-hidden="true" />
                {t("account.tab.wishlist")}
              </Link>
            </li>
            {TABS.slice(1).map(({ id, label, Icon }) => (
              <li key={id}>
                <Link
                  to={`?tab=${id}`}
                  className={linkClass(tab === id)}
                  aria-current={tab === id ? "page" : undefined}
                  preventScrollReset
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {t(label)}
                </Link>
              </li>
            ))}
            <li className="md:mt-4 md:border-t md:border-sand md:pt-4">
              <form
                method="post"
                onSubmit={(event) => {
                  event.preventDefault();
                  logout();
                  void endPageSession();
                  navigate("/login", { replace: true });
                }}
              >
                <input type="hidden" name="csrf" value={loaderData?.csrf ?? ""} />
                <button
                  type="submit"
                  name="intent"
                  value="logout"
                  className={`${linkClass(false)} text-sale hover:bg-sale/10 md:w-full`}
                  disabled={!signedIn && !loaderData?.name}
                  data-testid="logout"
                >
                  <LogOut className="size-4 rtl:rotate-180" aria-hidden="true" />
                  {t("account.logout")}
                </button>
              </form>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="account-section-title" className="min-w-0" data-testid={`account-${tab}`}>
          <h2 id="account-section-title" className="mb-5 text-3xl text-ink">
            {review ? t("review.write") : t(active.label)}
          </h2>
          {review ? (
            <div dangerouslySetInnerHTML={{ __html: review }} />
          ) : !signedIn && !book && !drawnProfiles && !drawnRequests ? (
            <>
              <p className="sr-only" role="status">
                {t("account.loading")}
              </p>
              <PanelSkeleton rows={2} />
              {/* Without JavaScript a page drawn without her session (a visitor) would load for ever. */}
              <noscript>
                <Link to="/login" className="btn-primary mt-6">
                  {t("account.signInNoScript")}
                </Link>
              </noscript>
            </>
          ) : (
            <Suspense fallback={<PanelSkeleton rows={2} />}>
              {tab === "orders" ? (
                <OrdersTab userId={session.user?._id} />
              ) : tab === "addresses" ? (
                <Addresses
                  user={session.user}
                  drawn={book}
                  csrf={loaderData?.csrf ?? ""}
                  posted={actionData && "address" in actionData ? actionData.address : undefined}
                  open={params.get("address")}
                  remove={params.get("remove")}
                  notice={params.get("notice")}
                />
              ) : tab === "measurements" ? (
                <Measurements
                  drawn={drawnProfiles}
                  csrf={loaderData?.csrf ?? ""}
                  posted={actionData && "measurement" in actionData ? actionData.measurement : undefined}
                  open={params.get("profile")}
                  show={params.get("show")}
                  notice={params.get("notice")}
                  guide={params.get("guide") === "1"}
                />
              ) : tab === "requests" ? (
                <RequestsTab drawn={drawnRequests} />
              ) : (
                <SettingsTab user={session.user} />
              )}
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}
