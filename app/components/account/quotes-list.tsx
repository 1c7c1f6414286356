import { useCallback, useEffect, useState } from "react";
import type { QuoteDto } from "#core/schemas/quotes.ts";
import { useT } from "../../lib/i18n";
import { api } from "../../state/session";
import { Panel } from "../ui/panel";
import { LoadError, PanelSkeleton } from "./panel";
import { RequestQuote } from "./request-quote";

/**
 * My Account's stitching requests (issue 29; decision 0043): a minimal list of the quotes the shop sent
 * on her requests, each with its quote block. The made-to-measure profiles work builds the fuller list of
 * requests in this file; the quote block (request-quote.tsx) is rendered under each request there.
 */
export function QuotesList() {
  const t = useT();
  const [quotes, setQuotes] = useState<QuoteDto[] | null>(null);
  const [payments, setPayments] = useState({ cod: false, card: false });
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    const [list, config] = await Promise.all([
      api<{ quotes: QuoteDto[] }>("/api/stitching/quotes", { method: "GET" }),
      api<{ codEnabled: boolean; cardPayments: boolean }>("/api/order/config", { method: "GET" }),
    ]);
    if (config.success) setPayments({ cod: Boolean(config.codEnabled), card: Boolean(config.cardPayments) });
    if (list.success && list.quotes) setQuotes(list.quotes);
    else if (list.status !== 401) setFailed(true);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed) return <LoadError onRetry={load} />;
  if (!quotes) return <PanelSkeleton rows={1} />;
  return (
    <Panel labelledBy="account-quotes-title" testId="account-quotes">
      <h3
        id="account-quotes-title"
        className="mb-4 font-sans text-sm font-semibold tracking-wider text-ink uppercase"
      >
        {t("aftersale.quote.title")}
      </h3>
      {quotes.length === 0 ? (
        <p className="text-sm text-charcoal">{t("aftersale.quote.none")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {quotes.map((q) => (
            <li key={q.id}>
              <RequestQuote quote={q} payments={payments} onChanged={() => void load()} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
