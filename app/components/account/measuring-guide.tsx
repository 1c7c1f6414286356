import { MEASUREMENTS } from "#core/schemas/measurements.ts";
import { useLocale, useT } from "../../lib/i18n";
import { TitledDialog } from "../ui/dialog";
import { FIGURE_MARKS, MeasuringFigure } from "./measuring-figure";

/**
 * How to measure oneself (issue 29; decision 0040): the shop's own drawing with a numbered line per
 * measurement, and one short instruction each, numbered as the drawing is. Loaded only when asked for
 * (a lazily imported chunk of My Account's measurements tab).
 */
export function MeasuringGuide() {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-4" data-testid="measuring-guide">
      <p className="text-sm text-stone">{t("profile.mtm.guide.intro")}</p>
      <figure className="mx-auto w-full max-w-xs rounded-2xl border border-sand bg-white/70 p-4">
        <MeasuringFigure title={t("profile.mtm.guide.figure")} />
      </figure>
      <ol className="flex flex-col gap-2">
        {FIGURE_MARKS.map((mark, index) => {
          const definition = MEASUREMENTS.find((m) => m.key === mark.key)!;
          return (
            <li key={mark.key} className="flex gap-3 rounded-xl border border-sand bg-white/70 p-4">
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-charcoal text-xs font-semibold text-ivory"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-medium text-ink">
                  {locale === "ar" ? definition.ar : definition.en}
                  {definition.required ? (
                    <span className="ms-0.5 text-accent-dark" aria-hidden="true">
                      *
                    </span>
                  ) : null}
                </h3>
                <p className="text-sm text-stone">{t(`profile.mtm.guide.${mark.key}`)}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-stone">{t("profile.mtm.guide.tip")}</p>
    </div>
  );
}

/** The guide in a dialog over the form, so what she typed stays where it is. */
export default function GuideDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <TitledDialog open={open} onClose={onClose} title={t("profile.mtm.guide.title")} testId="guide-dialog">
      {/* A modal dialog scrolls itself (the browser's own max-height and overflow), close button inside. */}
      <MeasuringGuide />
    </TitledDialog>
  );
}
