import { ShoppingBag } from "lucide-react";
import { Suspense, useEffect, useMemo } from "react";
import { cartFromCookie } from "#core/cart-cookie.ts";
import { DEFAULT_DELIVERY_TYPE } from "#core/constants.ts";
import { localeOfPath } from "#core/i18n/locale.ts";
import type { AddressDto, UserDto } from "#core/schemas/account.schema.ts";
import { sessionFromCookie } from "#core/session-cookie.ts";
import { isUnauthenticated } from "#server/refusal-status.ts";
import { primaryIndex } from "../components/account/address-view";
import { CheckoutLoading } from "../components/checkout/checkout-loading";
import { clientIpContext, getServices, incomingRequestContext } from "../lib/context";
import { Link, useLocalNavigate, useT } from "../lib/i18n";
import { lazy } from "../lib/lazy";
import { codeFromCookie } from "../lib/promo-code";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import { primeAddressList } from "../state/address-list";
import type { ShownQuote } from "../state/cart-quote";
import { useCart } from "../state/cart-store";
import { refreshProfile, useSession } from "../state/session";
import type { Route } from "./+types/checkout";

// The form is not part of /checkout's first-load JavaScript: a navigation inside the store shows the
// loading line until its code has come. When the server drew the form (from the cookie copies of the cart
// and the session), this module waits for that code, and for the address form's when it is open, before
// the page hydrates: the page then hydrates whole, at once. Hydrating it in parts would leave a drawn Place
// Order button that ignores a tap until its part's code arrives (React does not replay clicks on HTML it
// has not hydrated yet).
const loadCheckoutForm = () => import("../components/checkout/checkout-form");
const CheckoutForm = lazy(loadCheckoutForm);
let LoadedCheckoutForm: typeof import("../components/checkout/checkout-form").default | undefined;
if (typeof document !== "undefined") {
  const drawn = document.querySelector('[data-testid="checkout-page"] [data-testid="place-order"]');
  const form = loadCheckoutForm();
  if (drawn) {
    const module = await form;
    if (document.querySelector('[data-testid="checkout-page"] [data-testid="address-form"]'))
      await module.loadAddressForm();
    LoadedCheckoutForm = module.default;
  }
}

/** The signed-in shopper as the server found her from the session cookie, with her saved addresses. */
export interface DrawnAccount {
  user: UserDto;
  addresses: AddressDto[];
  primaryAddress: AddressDto | null;
}

/** What the server knows for the form: the cookie copies of the cart (priced) and session, and settings. */
export interface CheckoutDrawn {
  quote: ShownQuote | null;
  /** The discount code kept for the session (issue 28), priced into `quote`. */
  code: string | null;
  codEnabled: boolean;
  /** May this visitor pay by card (issue 21: a test payment provider answers only this machine)? */
  cardPayments: boolean;
  /** Null when the request carried no session copy, or one the server does not accept (expired, ended). */
  account: DrawnAccount | null;
}

/** The shopper's account for a session cookie copy, checked exactly as the API checks the `token` header. */
async function drawnAccount(
  services: ReturnType<typeof getServices>,
  token: string | null,
): Promise<DrawnAccount | null> {
  if (!token) return null;
  try {
    const user = await services.accounts.authenticate(token);
    const { addresses, primaryAddress } = await services.addresses.listAddresses(user);
    return { user: services.accounts.profile(user), addresses, primaryAddress };
  } catch (error) {
    // A token the API would refuse (401) draws the page as for a visitor: the browser decides after.
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<{ drawn: CheckoutDrawn | null }> {
  const services = getServices(context);
  const cookie = request.headers.get("cookie");
  const asked = cartFromCookie(cookie);
  const locale = localeOfPath(new URL(request.url).pathname);
  const code = codeFromCookie(cookie);
  const [config, account] = await Promise.all([
    services.orders.publicConfig(context.get(incomingRequestContext)),
    drawnAccount(services, sessionFromCookie(cookie)),
  ]);
  // Priced as the form first asks (checkout-form.tsx): the code, the selected address's emirate (its fee)
  // and the default delivery type.
  const address = account?.addresses[primaryIndex(account.addresses, account.primaryAddress)];
  const quote =
    asked && asked.length > 0
      ? await services.promotions.quote(
          {
            lines: asked,
            ...(code ? { code } : {}),
            ...(address?.state ? { emirate: address.state } : {}),
            deliveryType: DEFAULT_DELIVERY_TYPE,
          },
          { locale, ip: context.get(clientIpContext) || "0.0.0.0", userId: account?.user._id ?? null },
        )
      : null;
  return {
    drawn: { quote, code, codEnabled: config.codEnabled, cardPayments: config.cardPayments, account },
  };
}

/** The page may carry the shopper's addresses: no cache, the browser's included, keeps a copy. */
export function headers(): HeadersInit {
  return { "Cache-Control": "private, no-store" };
}

// A navigation inside the store asks the form's own calls instead of the server's render.
export function clientLoader(): { drawn: CheckoutDrawn | null } {
  return { drawn: null };
}
export function meta({ matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    t,
    locale,
    title: t("checkout.meta", { shop: shop?.shopName ?? "" }),
    description: t("checkout.metaDescription"),
    path: "/checkout",
    noindex: true,
  });
}

/**
 * SPEC §2/§4 /checkout (token required): Delivery Information, Payment Method, Delivery Type and the
 * server-priced Order Summary with Place Order. The card payment hands over to the hosted payment page;
 * cash on delivery places the order at once when the shop has it switched on (GET /api/order/config).
 */
export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const session = useSession();
  const navigate = useLocalNavigate();
  const cart = useCart();
  const drawn = loaderData.drawn;
  const account = drawn?.account ?? null;

  useEffect(() => {
    if (session.ready && !session.token) navigate("/login", { replace: true });
  }, [session.ready, session.token, navigate]);

  useEffect(() => {
    if (session.token && !session.user) void refreshProfile();
  }, [session.token, session.user]);

  // The addresses are read while the form's code arrives, not after (the server's render brought them).
  const hasLines = cart.lines.length > 0;
  useEffect(() => {
    if (session.token && hasLines && !account) primeAddressList();
  }, [session.token, hasLines, account]);

  // The account the server drew stands until the profile names another (the storage's token changed
  // since the cookie was written): the form then starts again without it.
  const user = session.user ?? account?.user ?? null;
  const formDrawn =
    drawn && account && user && account.user._id !== user._id ? { ...drawn, account: null } : drawn;
  const userId = user?._id ?? "";
  const email = user?.email ?? "";
  // One element for the page's life: should the form's code still be on its way at hydration, the
  // server's HTML of it waits to be hydrated, and a new element (any render of this page) would make React
  // throw that HTML away and draw the loading line in its place.
  const form = useMemo(() => {
    const Form = LoadedCheckoutForm ?? CheckoutForm;
    return (
      <Suspense fallback={<CheckoutLoading />}>
        <Form key={userId} email={email} userId={userId} drawn={formDrawn} />
      </Suspense>
    );
  }, [userId, email, formDrawn]);

  // The server drew the whole form (it knew the session and the cart): the same tree until the browser's
  // storage has been read, so hydration keeps the server's HTML.
  const serverDrawn = account !== null && (drawn?.quote?.lines.length ?? 0) > 0;
  if (serverDrawn && (!session.ready || !cart.ready)) return form;

  if (!session.ready || !session.token || !cart.ready) return <CheckoutLoading />;

  if (cart.lines.length === 0) {
    return (
      <div className="container-page py-16" data-testid="checkout-page">
        <div
          className="mx-auto max-w-xl rounded-3xl border border-dashed border-sand-dark px-6 py-14 text-center"
          data-testid="checkout-empty"
        >
          <ShoppingBag className="mx-auto size-10 text-accent" aria-hidden="true" />
          <h1 className="mt-4 text-3xl text-ink">{t("checkout.emptyTitle")}</h1>
          <p className="mt-2 text-stone">{t("checkout.emptyText")}</p>
          <Link to="/shop" className="btn-primary mt-6">
            {t("checkout.emptyCta")}
          </Link>
        </div>
      </div>
    );
  }

  return form;
}
