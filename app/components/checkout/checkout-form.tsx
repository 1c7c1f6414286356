import { useEffect, useRef, useState } from "react";
import {
  buildOrderPayload,
  type DeliveryType,
  isDeliveryType,
  orderFailureText,
  type PaymentMode,
  pendingPaymentRecord,
  toOrderAddress,
} from "#core/checkout.ts";
import { DEFAULT_DELIVERY_TYPE, DELIVERY_TYPES, PAYMENT_REDIRECT_DELAY_MS } from "#core/constants.ts";
import type { MessageKey } from "#core/i18n/index.ts";
import {
  endsOrderAttempt,
  forgetOrderAttempt,
  orderAttemptKey,
  orderFingerprint,
} from "#core/order-attempt.ts";
import { Link, useLocale, useLocalNavigate, useT } from "../../lib/i18n";
import { storeCode, storedCode } from "../../lib/promo-code";
import { toast } from "../../lib/toast";
import type { CheckoutDrawn } from "../../routes/checkout";
import { clearCart } from "../../state/cart";
import { useCartQuote } from "../../state/cart-quote";
import { savePendingPayment } from "../../state/pending-payment";
import { api } from "../../state/session";
import { primaryIndex } from "../account/address-view";
import { useAddressBook } from "../account/use-address-book";
import { CheckoutHeader, CheckoutLoading } from "./checkout-loading";
import { Choice } from "./choice";
import { CodeBox } from "./code-box";
import { addressFormLoaded, DeliverySection, loadAddressForm } from "./delivery-section";
import { OrderSummary } from "./order-summary";

/** The address form's code, for /checkout to have it before it hydrates a page drawn with the form open. */
export { loadAddressForm };

/** SPEC §4 Checkout order button: idle, processing (card pop-up, not offered) or redirecting; plus COD. */
type ButtonState = "idle" | "redirecting" | "placing";

const BUSY_LABEL: Record<Exclude<ButtonState, "idle">, MessageKey> = {
  redirecting: "checkout.redirecting",
  placing: "checkout.placing",
};

/**
 * SPEC §2/§4 /checkout's form: Delivery Information, Payment Method, Delivery Type and the
 * server-priced Order Summary with Place Order. The card payment hands over to the hosted payment page
 * (POST /api/order/paymennt); cash on delivery places the order at once (POST /api/order/place) when the
 * shop has it switched on (GET /api/order/config).
 */
export default function CheckoutForm({
  email,
  userId,
  drawn,
}: {
  email: string;
  userId: string;
  /** What the server drew the page with; null after a navigation inside the store. */
  drawn: CheckoutDrawn | null;
}) {
  const t = useT();
  const locale = useLocale();
  const navigate = useLocalNavigate();
  // The addresses the server drew the page with stand as the list until the shopper changes it.
  const drawnAccount = drawn?.account ?? null;
  const book = useAddressBook(drawnAccount);
  const addresses = book.addresses;
  const [codEnabled, setCodEnabled] = useState(drawn?.codEnabled ?? false);
  // Issue 21: a test payment provider answers only this machine; the server says whether this visitor may
  // pay by card (until a navigation's own call has answered, the card stays offered: the server refuses).
  const [cardPayments, setCardPayments] = useState(drawn?.cardPayments ?? true);
  // Drawn by the server, the address form is already on the page: it is hydrated when its code has come.
  const [formReady, setFormReady] = useState(() => drawnAccount !== null || addressFormLoaded());
  const [paymentMode, setPaymentMode] = useState<PaymentMode>(
    drawn && !drawn.cardPayments && drawn.codEnabled ? "cod" : "online",
  );
  const [deliveryType, setDeliveryType] = useState<DeliveryType>(DEFAULT_DELIVERY_TYPE);
  const [selected, setSelected] = useState(() =>
    drawnAccount ? primaryIndex(drawnAccount.addresses, drawnAccount.primaryAddress) : -1,
  );
  const [state, setState] = useState<ButtonState>("idle");
  // The session's code (issue 28): the server's copy when it drew the page, the cookie's otherwise.
  const [code, setCode] = useState<string | null>(() => (drawn ? drawn.code : storedCode()));
  // Priced with the code, the chosen address's emirate (its delivery fee) and the delivery type.
  const emirate = addresses?.[selected]?.state ?? null;
  const { quote, loading, error, refresh } = useCartQuote(locale, drawn?.quote ?? null, {
    code,
    emirate,
    deliveryType,
  });
  // Only a code the server took goes with the order: a refused one would refuse the order too.
  const discountCode = quote?.promotion?.applied ? quote.promotion.code : null;
  function changeCode(next: string | null) {
    storeCode(next);
    setCode(next);
  }
  const redirectTimer = useRef<number | undefined>(undefined);

  // SPEC §9: cash on delivery is selectable only when the shop has switched it on (the server's render
  // already said; a navigation inside the store asks).
  const askConfig = drawn === null;
  useEffect(() => {
    let live = true;
    if (askConfig) {
      void api("/api/order/config").then((result) => {
        if (!live || !result.success) return;
        setCodEnabled(result.codEnabled === true);
        setCardPayments(result.cardPayments !== false);
        if (result.cardPayments === false && result.codEnabled === true) setPaymentMode("cod");
      });
    }
    return () => {
      live = false;
      window.clearTimeout(redirectTimer.current);
    };
  }, [askConfig]);

  // With no saved address the form opens at once: its code is loaded before the page is shown.
  const needsForm = addresses?.length === 0;
  useEffect(() => {
    if (needsForm && !formReady) void loadAddressForm().then(() => setFormReady(true));
  }, [needsForm, formReady]);

  // SPEC §4: the primary address is selected when the list arrives; a selection past the end falls
  // back to the first.
  useEffect(() => {
    if (!addresses) return;
    if (addresses.length === 0) setSelected(-1);
    else if (selected < 0 || selected >= addresses.length) setSelected(Math.max(0, book.primary));
  }, [addresses, book.primary, selected]);

  const busy = state !== "idle";
  const methodAvailable = paymentMode === "online" ? cardPayments : codEnabled;
  const canPlace = Boolean(quote?.canCheckout) && !busy && methodAvailable;

  async function placeOrder() {
    if (busy) return;
    const address = addresses?.[selected];
    // SPEC §5 Checkout placement, in SPEC's order.
    if (!address) {
      toast.error(t("order.selectAddress"));
      return;
    }
    if (!quote || quote.lines.length === 0) {
      toast.error(t("order.cartEmpty"));
      return;
    }
    if (!quote.canCheckout) return;

    const payload = buildOrderPayload({
      userId,
      address: toOrderAddress(address),
      lines: quote.lines,
      totalFils: quote.totalFils,
      paymentMode,
      deliveryType,
    });
    const online = paymentMode === "online";
    setState(online ? "redirecting" : "placing");
    const call = online ? "/api/order/paymennt" : "/api/order/place";
    const body = { ...payload, language: locale, ...(discountCode ? { discountCode } : {}) };
    // One Idempotency-Key per attempt, kept for its retries (core/order-attempt.ts, decision 0017).
    const storage = sessionStore();
    const key = orderAttemptKey(orderFingerprint(call, body), storage);
    const result = await api(call, {
      body,
      headers: { "idempotency-key": key },
    });
    if (endsOrderAttempt(result)) forgetOrderAttempt(storage);

    if (result.success && online && result.paymentId && result.checkoutUrl) {
      savePendingPayment({ ...pendingPaymentRecord(payload, result.paymentId), language: locale });
      // SPEC §9: the shopper sees 'Redirecting to Payment...' for 1.5 s, then the payment page.
      const url = result.checkoutUrl;
      redirectTimer.current = window.setTimeout(() => window.location.assign(url), PAYMENT_REDIRECT_DELAY_MS);
      return;
    }
    if (result.success && (!online || result.placed)) {
      // SPEC §4 Checkout: cash on delivery success clears the cart and goes home.
      // Issue 24: the toast names the order, with a link to it in My Account.
      const { orderNumber, order } = result;
      toast.success(
        t("order.placed"),
        orderNumber && order
          ? {
              description: (
                <Link
                  to={`/account?tab=orders&order=${encodeURIComponent(order._id)}`}
                  className="underline"
                  data-testid="order-placed-link"
                >
                  {t("order.placedLink", { number: orderNumber })}
                </Link>
              ),
            }
          : undefined,
      );
      clearCart({ silent: true });
      navigate("/");
      return;
    }

    setState("idle");
    // SPEC §8 Order (core/checkout.ts): the server's refusal, else the screen's own text.
    const failure = orderFailureText(result, online);
    const message = "key" in failure ? t(failure.key) : failure.message;
    toast.error(message);
    // A stock refusal (409) means the quote is stale: show the shopper which line changed. So does a code
    // refused since the quote (issue 28: used up, ended): the box then says why.
    if (result.status === 409 || result.code === "discount_refused") refresh();
  }

  // The whole form appears at once, when the addresses (and, without any, the address form) are known:
  // sections drawn in turn would push one another down the screen.
  if (!book.failed && (addresses === null || (needsForm && !formReady))) return <CheckoutLoading />;

  return (
    <div className="container-page min-h-svh py-10 sm:py-14" data-testid="checkout-page">
      <CheckoutHeader />

      {/* Not a <form>: the address form sits inside, and forms cannot nest. */}
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-12">
        <div className="flex min-w-0 flex-col gap-10">
          <DeliverySection book={book} email={email} selected={selected} onSelect={setSelected} />

          <fieldset className="flex flex-col gap-3" data-testid="payment-methods">
            <legend className="mb-3">
              <h2 className="text-2xl text-ink sm:text-3xl">{t("checkout.payment")}</h2>
            </legend>
            <Choice
              name="payment"
              value="online"
              checked={paymentMode === "online" && cardPayments}
              disabled={!cardPayments}
              onSelect={() => setPaymentMode("online")}
              title={t("checkout.payment.online")}
              text={cardPayments ? t("checkout.payment.onlineText") : t("checkout.payment.cardUnavailable")}
              testId="payment-online"
            />
            <Choice
              name="payment"
              value="cod"
              checked={paymentMode === "cod"}
              disabled={!codEnabled}
              onSelect={() => setPaymentMode("cod")}
              title={t("checkout.payment.cod")}
              text={t("checkout.payment.codText")}
              testId="payment-cod"
            />
            {/* SPEC §9: the card-provider pop-up exists but is not offered; SPEC names no provider. */}
            <Choice
              name="payment"
              value="popup"
              checked={false}
              disabled
              onSelect={() => {}}
              title={t("checkout.payment.popup")}
              text={t("checkout.payment.popupText")}
              testId="payment-popup"
            />
            {!cardPayments && !codEnabled ? (
              <p
                className="rounded-2xl border border-sand-dark bg-cream p-4 text-sm text-ink"
                data-testid="no-payment-method"
              >
                {t("checkout.payment.noneAvailable")}
              </p>
            ) : null}
          </fieldset>

          <fieldset className="flex flex-col gap-3" data-testid="delivery-types">
            <legend className="mb-3">
              <h2 className="text-2xl text-ink sm:text-3xl">{t("checkout.deliveryType")}</h2>
            </legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {DELIVERY_TYPES.map((type) => (
                <Choice
                  key={type}
                  name="delivery_type"
                  value={type}
                  checked={deliveryType === type}
                  onSelect={(value) => isDeliveryType(value) && setDeliveryType(value)}
                  title={t(`checkout.deliveryType.${type}`)}
                  text={t(`checkout.deliveryType.${type}Text`)}
                  testId="delivery-type"
                />
              ))}
            </div>
          </fieldset>
        </div>

        <OrderSummary
          quote={quote}
          loading={loading}
          error={error}
          onRetry={refresh}
          codeBox={
            <CodeBox
              code={code}
              promotion={quote?.promotion}
              busy={loading}
              onChange={changeCode}
              page="/checkout"
            />
          }
        >
          <button
            type="button"
            onClick={() => void placeOrder()}
            className="btn-primary min-h-12 w-full text-base disabled:cursor-not-allowed disabled:opacity-60"
            disabled={!canPlace}
            data-testid="place-order"
            data-state={state}
          >
            {state === "idle" ? t("checkout.placeOrder") : t(BUSY_LABEL[state])}
          </button>
        </OrderSummary>
      </div>
    </div>
  );
}

/** The tab's sessionStorage, or undefined where it is blocked. */
function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
