import { ShoppingBag } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link, useLocalNavigate, useT } from "../lib/i18n";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import { useCart } from "../state/cart-store";
import { refreshProfile, useSession } from "../state/session";
import type { Route } from "./+types/checkout";

// The form needs the shopper's token, addresses and cart, none of which the server sees, so it is not
// part of the first paint: it loads after hydration and keeps /checkout's first-load JavaScript small.
const loadCheckoutForm = () => import("../components/checkout/checkout-form");
const CheckoutForm = lazy(loadCheckoutForm);
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
export default function CheckoutPage() {
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

  // Start fetching the form while the session and cart are read.
  useEffect(() => {
    void loadCheckoutForm();
  }, []);

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
      <CheckoutForm email={session.user?.email ?? ""} userId={session.user?._id ?? ""} />
    </Suspense>
  );
}

function CheckoutLoading() {
  const t = useT();
  return (
    <div className="container-page py-16" data-testid="checkout-page">
      <p role="status" className="text-stone">
        {t("checkout.loading")}
      </p>
    </div>
  );
}
