import { type FormEvent, useState } from "react";
import { localizePath } from "#core/i18n/locale.ts";
import type { QuotePromotion } from "#core/schemas/promotions.ts";
import { useLocale, useT } from "../../lib/i18n";
import { normalCode } from "../../lib/promo-code";

interface CodeBoxProps {
  /** The code the shopper holds (the session's), or null. */
  code: string | null;
  /** What the server's quote said of it (null: not asked yet, or no code). */
  promotion: QuotePromotion | null | undefined;
  /** A quote is on its way. */
  busy: boolean;
  /** Keeps a new code (or, null, forgets it); the page then asks for a quote with it. */
  onChange: (code: string | null) => void;
  /** The page the form goes back to without JavaScript ("/cart" or "/checkout"). */
  page: "/cart" | "/checkout";
}

/**
 * One discount code (issue 28): typed and applied, or shown as applied with Remove; a refusal says the
 * server's reason in the page's language. A plain GET form to its own page: before the page's script has
 * come, the server keeps the code exactly as a `?code=` link does (app/lib/promo-link.server.ts); once
 * hydrated, the page keeps it and asks for a new quote. The field is uncontrolled, so nothing typed
 * before hydration is lost.
 */
export function CodeBox({ code, promotion, busy, onChange, page }: CodeBoxProps) {
  const t = useT();
  const locale = useLocale();
  const [invalid, setInvalid] = useState(false);
  const action = localizePath(page, locale);
  const applied = promotion?.applied && promotion.code === code ? promotion : null;
  const refused = promotion && !promotion.applied && promotion.code === code ? promotion : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get("code");
    const next = normalCode(typeof typed === "string" ? typed : "");
    const empty = typeof typed !== "string" || typed.trim() === "";
    setInvalid(!next && !empty);
    if (next || empty) onChange(next);
  }

  if (applied) {
    return (
      <form
        method="get"
        action={action}
        onSubmit={(event) => {
          event.preventDefault();
          onChange(null);
        }}
        className="flex items-center justify-between gap-3 rounded-xl bg-success/10 px-3 py-2 text-sm"
        data-testid="code-box"
      >
        <input type="hidden" name="code" value="" />
        <p className="font-medium text-ink" data-testid="code-applied">
          {t("promo.applied", { code: applied.code })}
        </p>
        <button
          type="submit"
          className="min-h-11 px-2 font-medium text-charcoal underline underline-offset-4 hover:text-sale"
          aria-label={t("promo.removeCode", { code: applied.code })}
        >
          {t("promo.remove")}
        </button>
      </form>
    );
  }

  const message = invalid
    ? t("promo.invalid")
    : refused
      ? t(`promo.reason.${refused.reason}`)
      : busy && code
        ? t("promo.checking")
        : "";
  return (
    <form
      method="get"
      action={action}
      onSubmit={submit}
      className="flex flex-col gap-2"
      data-testid="code-box"
    >
      <label htmlFor={`code-${page.slice(1)}`} className="text-sm font-medium text-ink">
        {t("promo.label")}
      </label>
      <div className="flex gap-2">
        <input
          id={`code-${page.slice(1)}`}
          name="code"
          // A new code held elsewhere (a link, another tab) fills the field afresh.
          key={code ?? ""}
          defaultValue={code ?? ""}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          dir="ltr"
          aria-invalid={invalid || refused ? true : undefined}
          aria-describedby={`code-${page.slice(1)}-message`}
          className="h-11 w-0 min-w-0 flex-1 rounded-full border border-sand-dark bg-white px-4 text-sm uppercase text-ink"
          data-testid="code-input"
        />
        <button type="submit" className="btn-outline h-11 shrink-0 px-5" data-testid="code-apply">
          {t("promo.apply")}
        </button>
      </div>
      <p
        id={`code-${page.slice(1)}-message`}
        className={`text-sm ${invalid || refused ? "font-medium text-sale" : "text-stone"}`}
        role="status"
        data-testid="code-message"
      >
        {message}
      </p>
    </form>
  );
}
