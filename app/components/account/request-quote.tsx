import { type FormEvent, useState } from "react";
import type { QuoteDto } from "#core/schemas/quotes.ts";
import { useFormat, useT } from "../../lib/i18n";
import { api } from "../../state/session";
import { formatOrderDate } from "./orders-tab";

/**
 * One stitching quote under its request in My Account (issue 29; decision 0043): its lines, total, ready
 * date and validity, and Accept with the way to pay. The order is priced by the server from the quote; a
 * card payment goes on to Paymennt's page and comes back through the payment return page as checkout's.
 */
export function RequestQuote({
  quote,
  payments,
  onChanged,
}: {
  quote: QuoteDto;
  payments: { cod: boolean; card: boolean };
  onChanged: () => void;
}) {
  const t = useT();
  const { locale, money } = useFormat();
  const [problem, setProblem] = useState("");
  const [placed, setPlaced] = useState("");
  const [busy, setBusy] = useState(false);
  const bidi = (s: string) => (locale === "ar" ? `\u2066${s}\u2069` : s);
  const methods = [
    ...(payments.card ? (["online"] as const) : []),
    ...(payments.cod ? (["cod"] as const) : []),
  ];

  async function accept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const method = String(new FormData(event.currentTarget).get("method") ?? "");
    setBusy(true);
    const result = await api(`/api/stitching/quotes/${encodeURIComponent(quote.id)}/accept`, {
      method: "POST",
      body: { method },
      loading: true,
    });
    if (result.success && result.checkoutUrl) return window.location.assign(result.checkoutUrl);
    setBusy(false);
    if (result.success && result.orderNumber) {
      setProblem("");
      setPlaced(t("aftersale.quote.placed", { number: bidi(result.orderNumber) }));
      return onChanged();
    }
    const code = result.code;
    setProblem(code && code !== "validation" ? t(`api.${code}`) : (result.message ?? ""));
  }

  const status =
    quote.status === "accepted"
      ? t("aftersale.quote.status.accepted", { number: bidi(quote.orderNumber ?? "") })
      : t(`aftersale.quote.status.${quote.status}`);
  return (
    <div
      className="rounded-xl bg-cream px-4 py-3 text-sm"
      data-testid="request-quote"
      data-status={quote.status}
    >
      <p className="font-medium text-ink">
        {t("aftersale.quote.heading", {
          number: bidi(quote.number),
          reference: bidi(quote.requestReference),
        })}
      </p>
      <p className="text-charcoal" data-testid="quote-status">
        {status}
      </p>
      <ul className="mt-2 flex flex-col gap-1 text-charcoal">
        {quote.lines.map((l, index) => (
          <li key={`${quote.id}-${index}`}>
            {l.description} × {l.quantity}: {money(l.lineTotalFils)}
          </li>
        ))}
      </ul>
      <p className="mt-2 font-medium text-ink" data-testid="quote-total">
        {t("aftersale.quote.total", { amount: money(quote.totalFils) })}
      </p>
      <p className="text-charcoal">
        {t("aftersale.quote.ready", { date: formatOrderDate(`${quote.readyDate}T12:00:00Z`, locale) })}
        {quote.status === "open"
          ? ` · ${t("aftersale.quote.expires", { date: formatOrderDate(quote.expiresAt, locale) })}`
          : ""}
      </p>
      {quote.note ? <p className="mt-1 whitespace-pre-line text-charcoal">{quote.note}</p> : null}
      <p role="status" className="mt-2 font-medium text-emerald-800" data-testid="quote-placed">
        {placed}
      </p>
      {quote.status === "open" && quote.acceptOnline && methods.length > 0 && !placed ? (
        <form onSubmit={accept} className="mt-3 flex flex-col gap-3" data-testid="quote-accept">
          <fieldset>
            <legend className="font-medium text-ink">{t("aftersale.quote.pay")}</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {methods.map((m, index) => (
                <label key={m} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="method"
                    value={m}
                    defaultChecked={index === 0}
                    className="size-4 accent-accent"
                  />
                  {t(m === "online" ? "aftersale.quote.pay.online" : "aftersale.quote.pay.cod")}
                </label>
              ))}
            </div>
          </fieldset>
          {problem ? (
            <p role="alert" className="text-sale" data-testid="quote-problem">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="btn-primary self-start disabled:opacity-70" disabled={busy}>
            {busy ? t("aftersale.quote.accepting") : t("aftersale.quote.accept")}
          </button>
        </form>
      ) : null}
    </div>
  );
}
