import { type FormEvent, useId, useState } from "react";
import type { ReturnOptions, ReturnRequestDto } from "#core/schemas/returns.ts";
import { useFormat, useT } from "../../lib/i18n";
import { api } from "../../state/session";
import { Field, inputClass } from "../ui/field";
import { RETURN_REASONS_LIST } from "./after-sale-constants";
import { formatOrderDate } from "./orders-tab";

type Line = ReturnOptions["lines"][number];

/**
 * The shopper's return or exchange request (decision 0032): a return or an exchange, a reason, and per
 * item how many and (exchange) the size wanted; only returnable lines with units left are offered, and
 * only sizes of the same price in stock. Sent to POST /api/order/:id/returns; the server checks it all
 * again. The account's order page needs the session's token, so this form works once the page runs.
 */
export function ReturnRequestForm({
  orderId,
  options,
  onSent,
}: {
  orderId: string;
  options: ReturnOptions;
  onSent: (request: ReturnRequestDto) => void;
}) {
  const t = useT();
  const { locale } = useFormat();
  const id = useId();
  const [kind, setKind] = useState<"return" | "exchange">("exchange");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  if (!options.open)
    return (
      <p className="text-sm text-charcoal" data-testid="return-closed">
        {options.closedReason === "not_delivered"
          ? t("aftersale.returns.notDelivered")
          : t("aftersale.returns.closed")}
      </p>
    );
  const open = options.lines.filter((l) => l.returnableQuantity > 0);
  const closed = options.lines.filter((l) => l.returnableQuantity === 0);
  const name = (l: Line) => (locale === "ar" && l.nameAr ? l.nameAr : l.name);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const lines = open
      .map((l) => ({
        lineId: l.lineId,
        quantity: Number(form.get(`quantity-${l.lineId}`) ?? 0),
        exchangeVariantId: kind === "exchange" ? String(form.get(`size-${l.lineId}`) ?? "") : undefined,
      }))
      .filter((l) => l.quantity > 0);
    if (lines.length === 0) return setProblem(t("aftersale.pickItem"));
    if (kind === "exchange" && lines.some((l) => !l.exchangeVariantId))
      return setProblem(t("aftersale.pickSize"));
    setProblem("");
    setBusy(true);
    const comment = String(form.get("comment") ?? "").trim();
    const result = await api(`/api/order/${encodeURIComponent(orderId)}/returns`, {
      method: "POST",
      body: { kind, reason: String(form.get("reason")), lines, ...(comment ? { comment } : {}) },
      loading: true,
    });
    setBusy(false);
    if (result.success && result.request) return onSent(result.request);
    const code = result.code;
    setProblem(code && code !== "validation" ? t(`api.${code}`) : t("aftersale.failed"));
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="return-form">
      <p className="text-sm text-charcoal">
        {options.deadline
          ? t("aftersale.returns.until", { date: formatOrderDate(options.deadline, locale) })
          : null}{" "}
        {t("aftersale.returns.policy")}
      </p>
      <fieldset>
        <legend className="text-sm font-medium text-ink">{t("aftersale.kindLabel")}</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {(["exchange", "return"] as const).map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="size-4 accent-accent"
              />
              {t(`aftersale.kind.${k}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t("aftersale.reasonLabel")} required>
        {(control) => (
          <select
            {...control}
            name="reason"
            className={`${inputClass} appearance-auto`}
            defaultValue="wrong_size"
          >
            {RETURN_REASONS_LIST.map((r) => (
              <option key={r} value={r}>
                {t(`aftersale.reason.${r}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-ink">{t("aftersale.items")}</legend>
        {open.map((l) => (
          <div
            key={l.lineId}
            className="grid gap-3 sm:grid-cols-2"
            data-testid="return-line"
            data-size={l.size}
          >
            <Field label={t("aftersale.quantityFor", { name: name(l), size: l.size })}>
              {(control) => (
                <select
                  {...control}
                  name={`quantity-${l.lineId}`}
                  className={`${inputClass} appearance-auto`}
                  defaultValue="0"
                >
                  {Array.from({ length: l.returnableQuantity + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {kind === "exchange" ? (
              <Field
                label={t("aftersale.sizeFor", { name: name(l) })}
                hint={l.exchangeSizes.length === 0 ? t("aftersale.noSize") : undefined}
              >
                {(control) => (
                  <select
                    {...control}
                    name={`size-${l.lineId}`}
                    className={`${inputClass} appearance-auto`}
                    defaultValue=""
                  >
                    <option value="">{t("aftersale.chooseSize")}</option>
                    {l.exchangeSizes.map((s) => (
                      <option key={s.variantId} value={s.variantId}>
                        {s.size}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : null}
          </div>
        ))}
        {closed.map((l) => (
          <p key={l.lineId} className="text-sm text-stone" data-testid="return-line-closed">
            {name(l)} ({l.size}):{" "}
            {l.policy === "returnable" ? t("aftersale.allAsked") : t(`aftersale.notReturnable.${l.policy}`)}
          </p>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-comment`} className="text-sm font-medium text-ink">
          {t("aftersale.comment")}
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={2}
          maxLength={500}
          className="w-full rounded-xl border border-sand-dark bg-white px-4 py-3 text-base text-ink focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent"
        />
      </div>
      {problem ? (
        <p className="text-sm text-sale" role="alert" data-testid="return-problem">
          {problem}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          className="btn-primary disabled:opacity-70"
          disabled={busy || open.length === 0}
        >
          {t("aftersale.submit")}
        </button>
      </div>
    </form>
  );
}
