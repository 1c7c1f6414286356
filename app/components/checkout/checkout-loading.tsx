import { Link, useT } from "../../lib/i18n";

/** /checkout's title, the same before and after the form has loaded. */
export function CheckoutHeader() {
  const t = useT();
  return (
    <header className="max-w-2xl">
      <p className="eyebrow">{t("checkout.eyebrow")}</p>
      <h1 className="mt-2 text-4xl text-ink sm:text-5xl">{t("checkout.title")}</h1>
    </header>
  );
}

/**
 * /checkout until the shopper's session, addresses and the form are known: the title where the form will
 * put it, and a page at least a screen tall, so the footer stays below the fold and nothing on screen moves
 * when the form appears (decision 0011).
 */
export function CheckoutLoading() {
  const t = useT();
  return (
    <div className="container-page min-h-svh py-10 sm:py-14" data-testid="checkout-page">
      <CheckoutHeader />
      <p role="status" className="mt-8 text-stone">
        {t("checkout.loading")}
      </p>
      {/* Without JavaScript a page drawn without her session (a visitor) would load for ever: the way on. */}
      <noscript>
        <Link to="/login" className="btn-primary mt-6">
          {t("checkout.signInNoScript")}
        </Link>
      </noscript>
    </div>
  );
}
