import { type FormEvent, useCallback, useEffect, useState } from "react";
import { ALTERATION_WHATS, type ShopperAlterations } from "#core/schemas/quotes.ts";
import { useFormat, useT } from "../../lib/i18n";
import { api } from "../../state/session";
import { Field, inputClass } from "../ui/field";
import { Panel } from "../ui/panel";
import { formatOrderDate } from "./orders-tab";

type View = Omit<ShopperAlterations, "success">;

/**
 * Free alterations of made-to-measure items (issue 29; decision 0043) on the order page in My Account:
 * the window, her requests with their status, and 'Request an alteration' (what, and a note) while the
 * window is open. Shown only for an order with a made-to-measure line; part of the order detail's lazily
 * loaded code. As the return form (decision 0032), it needs the session's token, so it works once the
 * page runs.
 */
export function AlterationRequest({ orderId, onSent }: { orderId: string; onSent: () => void }) {
  const t = useT();
  const { locale } = useFormat();
  const [view, setView] = useState<View | null>(null);
  const [problem, setProblem] = useState("");
  const [sent, setSent] = useState("");
  const [busy, setBusy] = useState(false);
  const path: `/api/order/${string}/alterations` = `/api/order/${encodeURIComponent(orderId)}/alterations`;
  const bidi = (s: string) => (locale === "ar" ? `\u2066${s}\u2069` : s);

  const load = useCallback(async () => {
    const result = await api(path, { method: "GET" });
    if (result.success && result.lines) setView(result);
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!view || (view.lines.length === 0 && view.alterations.length === 0)) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get("note") ?? "").trim();
    setBusy(true);
    const result = await api(path, {
      method: "POST",
      body: { lineId: String(form.get("lineId")), what: String(form.get("what")), ...(note ? { note } : {}) },
      loading: true,
    });
    setBusy(false);
    if (result.success && result.alteration) {
      setProblem("");
      setSent(t("aftersale.alteration.sent", { number: bidi(result.alteration.number) }));
      onSent();
      return void load();
    }
    const code = result.code;
    setProblem(code && code !== "validation" ? t(`api.${code}`) : (result.message ?? ""));
  }

  return (
    <Panel labelledBy="order-alterations-title" testId="order-alterations">
      <h4
        id="order-alterations-title"
        className="mb-4 font-sans text-sm font-semibold tracking-wider text-ink uppercase"
      >
        {t("aftersale.alteration.title")}
      </h4>
      {view.alterations.length > 0 ? (
        <ul className="mb-4 flex flex-col gap-2">
          {view.alterations.map((a) => (
            <li
              key={a.id}
              className="rounded-xl bg-cream px-4 py-3 text-sm"
              data-testid="alteration"
              data-status={a.status}
            >
              {t("aftersale.alteration.status", {
                number: bidi(a.number),
                status: t(`aftersale.alteration.step.${a.status}`, { number: "" }).trim(),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="text-sm font-medium text-emerald-800" data-testid="alteration-sent">
        {sent}
      </p>
      {view.open ? (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="alteration-form">
          <p className="text-sm text-charcoal">
            {view.deadline
              ? t("aftersale.alteration.window", { date: formatOrderDate(view.deadline, locale) })
              : null}
          </p>
          <Field label={t("aftersale.alteration.item")} required>
            {(control) => (
              <select {...control} name="lineId" className={`${inputClass} appearance-auto`}>
                {view.lines.map((l) => (
                  <option key={l.lineId} value={l.lineId}>
                    {l.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("aftersale.alteration.what")} required>
            {(control) => (
              <select
                {...control}
                name="what"
                className={`${inputClass} appearance-auto`}
                defaultValue="length"
              >
                {ALTERATION_WHATS.map((w) => (
                  <option key={w} value={w}>
                    {t(w === "other" ? "aftersale.alteration.part.else" : `aftersale.alteration.part.${w}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("aftersale.alteration.note")} optional>
            {(control) => (
              <textarea {...control} name="note" rows={3} maxLength={500} className={inputClass} />
            )}
          </Field>
          {problem ? (
            <p role="alert" className="text-sm text-sale" data-testid="alteration-problem">
              {problem}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className="btn-primary self-start disabled:opacity-70">
            {t("aftersale.alteration.submit")}
          </button>
        </form>
      ) : (
        <p className="text-sm text-charcoal" data-testid="alteration-closed">
          {t("aftersale.alteration.closed")}
        </p>
      )}
    </Panel>
  );
}
