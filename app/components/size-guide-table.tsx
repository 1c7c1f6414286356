import { useId } from "react";
import { t } from "#core/i18n/index.ts";
import { feetAndInches, inches, SIZE_MEASUREMENTS } from "#core/size-guide.ts";

/**
 * The size guide's figures and its measuring diagram, loaded only when the guide first opens so the
 * product page's first load carries none of it.
 */
export default function SizeGuideTable() {
  const diagramTitle = useId();
  const columns = [
    t("pdp.sizeGuideHeight"),
    t("pdp.sizeGuideBust"),
    t("pdp.sizeGuideWaist"),
    t("pdp.sizeGuideHip"),
  ];
  const steps = [
    ["sizeGuide.heightLabel", "sizeGuide.height"],
    ["sizeGuide.bustLabel", "sizeGuide.bust"],
    ["sizeGuide.waistLabel", "sizeGuide.waist"],
    ["sizeGuide.hipLabel", "sizeGuide.hip"],
  ] as const;
  return (
    <div data-testid="size-guide-figures">
      <div className="-mx-2 overflow-x-auto px-2">
        <table className="mt-5 w-full min-w-[20rem] text-start text-sm">
          <caption className="mb-2 text-start text-xs text-stone">{t("sizeGuide.units")}</caption>
          <thead>
            <tr className="border-b border-sand text-xs tracking-wider text-stone uppercase">
              <th scope="col" className="py-2 pe-2 text-start font-medium">
                {t("pdp.sizeGuideSize")}
              </th>
              {columns.map((c) => (
                <th key={c} scope="col" className="py-2 pe-2 text-start font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SIZE_MEASUREMENTS.map((row) => (
              <tr key={row.size} className="border-b border-sand/70">
                <th scope="row" className="py-2.5 pe-2 text-start font-semibold whitespace-nowrap text-ink">
                  {row.size}
                </th>
                <td className="py-2.5 pe-2 text-charcoal">
                  <span className="block whitespace-nowrap">
                    {t("sizeGuide.cmRange", { from: row.heightCm[0], to: row.heightCm[1] })}
                  </span>
                  <span className="block whitespace-nowrap text-xs text-stone">
                    {`${feetAndInches(row.heightCm[0])}–${feetAndInches(row.heightCm[1])}`}
                  </span>
                </td>
                {[row.bustCm, row.waistCm, row.hipCm].map((cm, i) => (
                  <td key={columns[i + 1]} className="py-2.5 pe-2 text-charcoal">
                    <span className="block whitespace-nowrap">{t("sizeGuide.cm", { value: cm })}</span>
                    <span className="block whitespace-nowrap text-xs text-stone">
                      {t("sizeGuide.in", { value: inches(cm) })}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3 className="mt-6 font-sans text-sm font-semibold tracking-wider text-ink uppercase">
        {t("sizeGuide.howTo")}
      </h3>
      <div className="mt-3 flex items-start gap-5">
        <MeasuringDiagram titleId={diagramTitle} />
        <ol className="flex-1 space-y-2 text-sm leading-relaxed text-charcoal">
          {steps.map(([label, text], i) => (
            <li key={label}>
              <span className="font-semibold text-ink">
                {i + 1}. {t(label)}:
              </span>{" "}
              {t(text)}
            </li>
          ))}
        </ol>
      </div>
      <p className="mt-4 text-sm text-stone">{t("sizeGuide.between")}</p>
    </div>
  );
}

/** A figure with the four measurements drawn where the tape goes, numbered as the list beside it. */
function MeasuringDiagram({ titleId }: { titleId: string }) {
  const tape = "stroke-accent";
  return (
    <svg
      viewBox="0 0 120 240"
      className="h-56 w-28 shrink-0 text-ink"
      role="img"
      aria-labelledby={titleId}
      data-testid="size-guide-diagram"
    >
      <title id={titleId}>{t("sizeGuide.diagram")}</title>
      {/* The figure: head, neck, and an abaya's long A-line. */}
      <g className="fill-cream stroke-current" strokeWidth="1.5">
        <circle cx="66" cy="24" r="13" />
        <path d="M60 37 h12 v7 h-12 z" />
        <path d="M50 46 C58 42 74 42 82 46 L90 92 L86 104 L84 150 L100 226 H32 L48 150 L46 104 L42 92 Z" />
      </g>
      {/* 1 Height: from the top of the head to the floor. */}
      <g className={tape} strokeWidth="1.5" fill="none">
        <path d="M18 11 V226" />
        <path d="M13 11 H23 M13 226 H23" />
        {/* 2 Bust, 3 Waist, 4 Hip: level around the body. */}
        <ellipse cx="66" cy="70" rx="19" ry="4" strokeDasharray="3 2" />
        <ellipse cx="66" cy="104" rx="21" ry="4" strokeDasharray="3 2" />
        <ellipse cx="66" cy="138" rx="19" ry="4" strokeDasharray="3 2" />
      </g>
      <g className="fill-accent-dark text-[10px] font-semibold">
        <text x="6" y="122">
          1
        </text>
        <text x="104" y="73">
          2
        </text>
        <text x="104" y="107">
          3
        </text>
        <text x="104" y="141">
          4
        </text>
      </g>
    </svg>
  );
}
