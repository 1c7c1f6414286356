import { useCallback, useEffect, useState } from "react";
import type { ShopperAfterSale } from "#core/schemas/returns.ts";
import { useFormat, useT } from "../../lib/i18n";
import { forgetPrivate, readPrivate } from "../../state/private-read";
import { Panel } from "../ui/panel";
import { AlterationRequest } from "./alteration-request";
import { OrderTimeline } from "./order-timeline";
import { LoadError, PanelSkeleton } from "./panel";
import { ReturnRequestForm } from "./return-request";

/**
 * The order page's after-sale part in My Account (issue 24, part B; decision 0032): the order's timeline
 * (GET /api/order/:id/after-sale, the server's one timeline), the shopper's return and exchange requests,
 * and the form to ask for one. Part of the order detail's lazily loaded code, not of the first load.
 */
export default function AfterSale({ orderId }: { orderId: string }) {
  const t = useT();
  const { locale } = useFormat();
  const [view, setView] = useState<Omit<ShopperAfterSale, "success"> | null>(null);
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState("");
  const path: `/api/order/${string}/after-sale` = `/api/order/${encodeURIComponent(orderId)}/after-sale`;

  const load = useCallback(async () => {
    setFailed(false);
    const result = await readPrivate(path, { method: "GET" });
    if (result.success && result.timeline && result.returns && result.requests)
      setView({ timeline: result.timeline, returns: result.returns, requests: result.requests });
    else if (result.status !== 401) setFailed(true);
  }, [path]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failed) return <LoadError onRetry={load} />;
  if (!view) return <PanelSkeleton rows={1} />;
  const bidi = (s: string) => (locale === "ar" ? `\u2066${s}\u2069` : s);

  return (
    <>
      <Panel labelledBy="order-timeline-title" testId="order-timeline-panel">
        <h4
          id="order-timeline-title"
          className="mb-4 font-sans text-sm font-semibold tracking-wider text-ink uppercase"
        >
          {t("aftersale.timeline")}
        </h4>
        <OrderTimeline events={view.timeline} />
      </Panel>
      <Panel labelledBy="order-returns-title" testId="order-returns">
        <h4
          id="order-returns-title"
          className="mb-4 font-sans text-sm font-semibold tracking-wider text-ink uppercase"
        >
          {t("aftersale.returns")}
        </h4>
        {view.requests.length > 0 ? (
          <div className="mb-5">
            <h5 className="text-sm font-medium text-ink">{t("aftersale.requests")}</h5>
            <ul className="mt-2 flex flex-col gap-3">
              {view.requests.map((r) => (
                <li
                  key={r.id}
                  className="rounded-xl bg-cream px-4 py-3 text-sm"
                  data-testid="return-request"
                  data-status={r.status}
                >
                  <p className="font-medium text-ink">
                    {t("aftersale.requestTitle", {
                      kind: t(`aftersale.kind.${r.kind}`),
                      number: bidi(r.number),
                    })}
                    {" · "}
                    <span data-testid="return-status">{t(`aftersale.status.${r.status}`)}</span>
                  </p>
                  {r.lines.map((l) => (
                    <p key={l.lineId} className="text-charcoal">
                      {t("aftersale.line", {
                        name: locale === "ar" && l.nameAr ? l.nameAr : l.name,
                        size: l.size,
                        quantity: l.quantity,
                      })}
                      {l.exchangeSize ? ` · ${t("aftersale.toSize", { size: l.exchangeSize })}` : ""}
                    </p>
                  ))}
                  {r.message ? (
                    <p className="text-charcoal">{t("aftersale.timeline.message", { message: r.message })}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p role="status" className="text-sm font-medium text-emerald-800" data-testid="return-sent">
          {sent}
        </p>
        <ReturnRequestForm
          key={view.requests.length}
          orderId={orderId}
          options={view.returns}
          onSent={(request) => {
            setSent(t("aftersale.sent", { number: bidi(request.number) }));
            forgetPrivate(path);
            void load();
          }}
        />
      </Panel>
      <AlterationRequest
        orderId={orderId}
        onSent={() => {
          forgetPrivate(path);
          void load();
        }}
      />
    </>
  );
}
