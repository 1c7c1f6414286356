import type { CartQuoteLine } from "#core/cart.ts";
import { stitchText } from "#core/i18n/stitched-lines.ts";
import type { Locale } from "#core/locale.ts";
import { filsToAed } from "#core/money.ts";

/**
 * 'Stitch it for me' in the cart and at checkout (issue 29; decision 0042): a stitched line's style, its
 * price and whose measurements, and the ready date of the stitched lines. The server's figures only.
 */
/** One stitched line's note, or the ready date: whichever it is given. */
export default function StitchedLineView({
  quoted,
  readyBy,
  locale,
}: {
  quoted?: CartQuoteLine;
  readyBy?: string;
  locale: Locale;
}) {
  return readyBy ? (
    <ReadyBy readyBy={readyBy} locale={locale} />
  ) : (
    <LineNote quoted={quoted} locale={locale} />
  );
}

function LineNote({ quoted, locale }: { quoted: CartQuoteLine | undefined; locale: Locale }) {
  const s = quoted?.stitching;
  if (!s) return null;
  const language = locale === "ar" ? "ar" : "en";
  return (
    <p className="text-sm text-charcoal" data-testid="line-stitching">
      {stitchText("plusStitching", language, { style: s.styleName })} ({filsToAed(s.priceFils)}{" "}
      {language === "ar" ? "درهم" : "AED"}){" · "}
      {s.profileName
        ? stitchText("forProfile", language, { name: s.profileName })
        : stitchText("typedMeasurements", language)}
    </p>
  );
}

/** "Ready by …" for an order with stitched lines (today in Dubai plus the longest lead time). */
function ReadyBy({ readyBy, locale }: { readyBy: string | null | undefined; locale: Locale }) {
  if (!readyBy) return null;
  const language = locale === "ar" ? "ar" : "en";
  const date = new Intl.DateTimeFormat(language === "ar" ? "ar-AE" : "en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${readyBy}T00:00:00Z`));
  return (
    <p className="mt-3 text-sm text-charcoal" data-testid="ready-by" data-date={readyBy}>
      {stitchText("readyByNote", language, { date })}
    </p>
  );
}
