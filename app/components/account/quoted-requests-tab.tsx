import { useCallback, useEffect, useState } from "react";
import type { MyStitchingRequest } from "#core/schemas/measurement-profile.schema.ts";
import type { QuoteDto } from "#core/schemas/quotes.ts";
import { api } from "../../state/session";
import { RequestQuote } from "./request-quote";
import { RequestsTab } from "./requests-tab";

/**
 * My Account's Stitching Requests tab (issue 29): her requests (decision 0040), each with the quotes the
 * shop sent on it and their Accept (decision 0043) underneath.
 */
export function QuotedRequestsTab({ drawn = null }: { drawn?: MyStitchingRequest[] | null }) {
  const [quotes, setQuotes] = useState<QuoteDto[]>([]);
  const [payments, setPayments] = useState({ cod: false, card: false });

  const load = useCallback(async () => {
    const [list, config] = await Promise.all([
      api("/api/stitching/quotes", { method: "GET" }),
      api("/api/order/config", { method: "GET" }),
    ]);
    if (config.success) setPayments({ cod: Boolean(config.codEnabled), card: Boolean(config.cardPayments) });
    if (list.success && Array.isArray(list.quotes)) setQuotes(list.quotes);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <RequestsTab
      drawn={drawn}
      below={(request) => {
        const mine = quotes.filter((q) => q.requestId === request.id);
        return mine.length === 0 ? null : (
          <ul className="mt-3 flex flex-col gap-3" data-testid="account-quotes">
            {mine.map((q) => (
              <li key={q.id}>
                <RequestQuote quote={q} payments={payments} onChanged={() => void load()} />
              </li>
            ))}
          </ul>
        );
      }}
    />
  );
}
