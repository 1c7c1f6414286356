import { ShoppingBag } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import type { CartQuote } from "#core/cart.ts";
import { cartFromCookie } from "#core/cart-cookie.ts";
import { localeOfPath } from "#core/i18n/locale.ts";
import { CheckoutLoading } from "../components/checkout/checkout-loading";
import { getServices } from "../lib/context";
import { Link, useLocalNavigate, useT } from "../lib/i18n";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import { primeAddressList } from "../state/address-list";
import { useCart } from "../state/cart-store";
import { refreshProfile, useSession } from "../state/session";
import type { Route } from "./+types/checkout";

// The form needs the shopper's token and addresses, which the server does not see, so it is not part of
// the first paint and keeps /checkout's first-load JavaScript small. Its request starts as soon as this
// module runs in the browser, beside hydration rather than after it.
const loadCheckoutForm = () => import("../components/checkout/checkout-form");
const CheckoutForm = lazy(loadCheckoutForm);
if (typeof document !== "undefined") void loadCheckoutForm();

/** What the server knows for the form: the cookie copy of the cart, priced, and the shop's settings. */
export interface CheckoutDrawn {
  quote: CartQuote | null;
  codEnabled: boolean;
}

export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<{ drawn: CheckoutDrawn | null }> {
  const services = getServices(context);
  const asked = cartFromCookie(request.headers.get("cookie"));
  const locale = localeOfPath(new URL(request.url).pathname);
  const [quote, config] = await Promise.all([
    asked && asked.length > 0 ? services.cart.quote({ lines: asked }, locale) : null,
    services.orders.publicConfig(),
  ]);
  return { drawn: { quote, codEnabled: config.codEnabled } };
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

  useEffect(() => {
    if (session.ready && !session.token) navigate("/login", { replace: true });
  }, [session.ready, session.token, navigate]);

  useEffect(() => {
    if (session.token && !session.user) void refreshProfile();
  }, [session.token, session.user]);

  // The addresses are read while the form's code arrives, not after.
  const hasLines = cart.lines.length > 0;
  useEffect(() => {
    if (session.token && hasLines) primeAddressList();
  }, [session.token, hasLines]);

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

  return (
    <Suspense fallback={<CheckoutLoading />}>
      <CheckoutForm
        email={session.user?.email ?? ""}
        userId={session.user?._id ?? ""}
        drawn={loaderData.drawn}
      />
    </Suspense>
  );
}
