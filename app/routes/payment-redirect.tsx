import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { PAYMENT_SUCCESS_REDIRECT_MS, PAYMENT_VERIFY_STATUSES } from "#core/constants.ts";
import { localizePath } from "#core/i18n/locale.ts";
import { Link, type T, useLocale, useLocalNavigate, useT } from "../lib/i18n";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import { toast } from "../lib/toast";
import { readPendingPayment, removePendingPayment } from "../state/pending-payment";
import { errorCodeOf, getToken, screenMessage, useSession } from "../state/session";
import type { Route } from "./+types/payment-redirect";

export function meta({ matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    t,
    locale,
    title: t("payment.meta", { shop: shop?.shopName ?? "" }),
    description: t("checkout.metaDescription"),
    path: "/payment-redirect",
    noindex: true,
  });
}

type Outcome =
  | { kind: "verifying" }
  | { kind: "success"; orderNumber?: string }
  | { kind: "failed"; message: string };

type PaymentStatus = (typeof PAYMENT_VERIFY_STATUSES)[number];

/** POST /api/order/verifyPaymennt's answer as this page reads it: `status` is the payment's, not the HTTP one. */
interface VerifyAnswer {
  /** The HTTP status; 0 when the request never reached the server. */
  http: number;
  success: boolean;
  status?: PaymentStatus;
  message?: string;
  orderNumber?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * The verify call, read whole: the store's `api()` reports the HTTP status under `status`, which this
 * answer uses for the payment's own status (a still-pending payment is asked about again). The answer is
 * read field by field, each checked, so an unexpected body (a proxy's page) is a failure, not a guess.
 */
async function verifyPayment(body: object): Promise<VerifyAnswer> {
  const token = getToken();
  try {
    const response = await fetch("/api/order/verifyPaymennt", {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        ...(token ? { token } : {}),
      },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const payload: unknown = await response.json().catch(() => null);
    const read = isRecord(payload) ? payload : {};
    const ok = response.status >= 200 && response.status <= 299;
    const success = ok && read.success === true;
    const message = typeof read.message === "string" ? read.message : undefined;
    const status = PAYMENT_VERIFY_STATUSES.find((s) => s === read.status);
    const orderNumber =
      isRecord(read.order) && typeof read.order.orderNumber === "string" ? read.order.orderNumber : undefined;
    return {
      http: response.status,
      success,
      ...(status ? { status } : {}),
      ...(orderNumber ? { orderNumber } : {}),
      message: screenMessage(success, errorCodeOf(read.code), message),
    };
  } catch {
    return { http: 0, success: false };
  }
}

/** A payment the provider has not settled yet is asked about again a few times before giving up. */
const PENDING_RETRIES = 4;
const PENDING_RETRY_MS = 1500;

/**
 * SPEC §2/§4 Payment return: reads `checkout` (the payment id) from the query, verifies it with the
 * server, then shows 'Payment Successful!' (cart cleared, pending record removed, /account after 3 s)
 * or 'Payment Failed' with Try Again and Go Home. The server verifies by the payment id alone (it never
 * reads the record's address, lines or prices), so a browser that lost the pending record still sees the
 * right outcome; the record is sent along as SPEC §7 describes.
 */
export default function PaymentRedirectPage() {
  const t = useT();
  const locale = useLocale();
  const session = useSession();
  const navigate = useLocalNavigate();
  const [params] = useSearchParams();
  const paymentId = params.get("checkout")?.trim() ?? "";
  const [outcome, setOutcome] = useState<Outcome>({ kind: "verifying" });
  const started = useRef(false);

  useEffect(() => {
    if (!session.ready || started.current) return;
    started.current = true;
    // The payment provider returns to the English address; a payment started on an Arabic page
    // continues on the Arabic one (docs/decisions/0012-arabic.md).
    if (locale === "en" && readPendingPayment()?.language === "ar") {
      window.location.replace(localizePath(`${window.location.pathname}${window.location.search}`, "ar"));
      return;
    }
    if (!paymentId) {
      setOutcome({ kind: "failed", message: t("payment.noId") });
      return;
    }
    let live = true;
    let timer: number | undefined;
    const verify = async (attempt: number) => {
      const pending = readPendingPayment();
      const record = pending && pending.paymentId === paymentId ? pending : {};
      const result = await verifyPayment({ ...record, paymentId });
      if (!live) return;
      if (result.success && (result.status ?? "paid") === "paid") {
        // SPEC §4 Payment return: cart cleared, pending record removed, /account after 3 s.
        // The cart's change functions load only here, off the page's first-load JavaScript.
        void import("../state/cart").then(({ clearCart }) => clearCart({ silent: true }));
        removePendingPayment();
        toast.success(t("payment.successToast"));
        setOutcome({ kind: "success", orderNumber: result.orderNumber });
        timer = window.setTimeout(() => navigate("/account"), PAYMENT_SUCCESS_REDIRECT_MS);
        return;
      }
      if (
        !result.success &&
        result.http === 200 &&
        result.status === "pending" &&
        attempt < PENDING_RETRIES
      ) {
        timer = window.setTimeout(() => void verify(attempt + 1), PENDING_RETRY_MS);
        return;
      }
      setOutcome({ kind: "failed", message: failureMessage(result, t) });
    };
    void verify(0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [session.ready, paymentId, navigate, t, locale]);

  return (
    <div
      className="container-page flex min-h-[55vh] items-center justify-center py-16"
      data-testid="payment-page"
    >
      <div
        className="w-full max-w-lg rounded-3xl border border-sand bg-white/80 px-6 py-12 text-center sm:px-10"
        data-testid="payment-outcome"
        data-outcome={outcome.kind}
      >
        {outcome.kind === "verifying" ? (
          <div role="status">
            <Loader2
              className="mx-auto size-12 animate-spin text-accent motion-reduce:animate-none"
              aria-hidden="true"
            />
            <h1 className="mt-5 text-3xl text-ink">{t("payment.verifying")}</h1>
            <p className="mt-2 text-stone">{t("payment.verifyingText")}</p>
          </div>
        ) : outcome.kind === "success" ? (
          <div role="status">
            <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden="true" />
            <h1 className="mt-5 text-3xl text-ink sm:text-4xl">{t("payment.success")}</h1>
            <p className="mt-3 text-stone">
              {outcome.orderNumber
                ? t("payment.successText", { order: outcome.orderNumber })
                : t("payment.successTextNoNumber")}
            </p>
            <Link to="/account" className="btn-primary mt-7">
              {t("payment.viewOrders")}
            </Link>
          </div>
        ) : (
          <div role="alert">
            <XCircle className="mx-auto size-14 text-sale" aria-hidden="true" />
            <h1 className="mt-5 text-3xl text-ink sm:text-4xl">{t("payment.failed")}</h1>
            <p className="mt-3 text-charcoal" data-testid="payment-message">
              {outcome.message}
            </p>
            <div className="mt-7 flex flex-wrap justify-center gap-3">
              <Link to="/checkout" className="btn-primary">
                {t("payment.tryAgain")}
              </Link>
              <Link to="/" className="btn-outline">
                {t("payment.goHome")}
              </Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * SPEC §8 Payment return: the server's message ('Payment ID not found in URL parameters.', 'Order data
 * not found. Please try placing your order again.', 'Payment verification failed.', a decline…); a call
 * that never got an answer, or a server fault, gives 'An error occurred while verifying your payment.'.
 */
function failureMessage(result: VerifyAnswer, t: T): string {
  if (result.http === 0 || result.http >= 500) return t("payment.error");
  return result.message || t("payment.verifyFailed");
}
