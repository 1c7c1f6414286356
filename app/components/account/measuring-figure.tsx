import type { MeasurementKey } from "#core/schemas/measurements.ts";

/**
 * The guide's drawing (issue 29; decision 0040), made for the shop: a standing figure in a long dress, and
 * where the tape goes for each measurement, numbered as the guide's list is. Plain SVG, no script, no
 * fetched picture; colours follow the text so it reads in both themes of the page.
 */

/** Where each measurement's line is drawn, and where its number sits (viewBox 0 0 240 420). */
export const FIGURE_MARKS: { key: MeasurementKey; line: string; at: [number, number] }[] = [
  { key: "neck", line: "M106 66 Q120 74 134 66", at: [150, 62] },
  { key: "shoulder", line: "M84 82 L156 82", at: [170, 80] },
  { key: "bust", line: "M86 112 Q120 122 154 112", at: [170, 114] },
  { key: "waist", line: "M92 150 Q120 158 148 150", at: [164, 152] },
  { key: "hips", line: "M84 190 Q120 200 156 190", at: [172, 192] },
  { key: "armhole", line: "M82 84 Q74 100 86 110", at: [58, 96] },
  { key: "upperArm", line: "M64 118 L82 114", at: [46, 120] },
  { key: "sleeveLength", line: "M82 84 L54 190", at: [30, 170] },
  { key: "wrist", line: "M48 196 L62 198", at: [30, 206] },
  { key: "fullLength", line: "M196 76 L196 392", at: [212, 240] },
  { key: "kameezLength", line: "M186 76 L186 262", at: [212, 200] },
  { key: "trouserLength", line: "M36 150 L36 392", at: [20, 290] },
  { key: "trouserBottom", line: "M96 386 L118 386", at: [88, 406] },
  { key: "height", line: "M222 36 L222 396", at: [232, 30] },
];

export function MeasuringFigure({ title }: { title: string }) {
  return (
    <svg
      viewBox="0 0 240 420"
      role="img"
      aria-labelledby="measuring-figure-title"
      className="h-auto w-full max-w-xs"
    >
      <title id="measuring-figure-title">{title}</title>
      {/* The figure: head, neck, a long dress with sleeves, feet. */}
      <g fill="none" stroke="currentColor" strokeWidth="2" className="text-stone" strokeLinejoin="round">
        <circle cx="120" cy="44" r="20" />
        <path d="M110 62 L110 72 M130 62 L130 72" />
        <path d="M110 72 Q96 76 84 82 L66 120 L50 196 L62 198 L78 130 L88 112" />
        <path d="M130 72 Q144 76 156 82 L174 120 L190 196 L178 198 L162 130 L152 112" />
        <path d="M88 112 Q90 140 94 150 Q84 176 82 196 L72 388 L168 388 L158 196 Q156 176 146 150 Q150 140 152 112" />
        <path d="M84 82 L88 112 M156 82 L152 112" />
        <path d="M96 388 L96 398 L110 398 M144 388 L144 398 L130 398" />
      </g>
      {/* The tape's lines and their numbers. */}
      <g
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeDasharray="5 3"
        className="text-accent-dark"
      >
        {FIGURE_MARKS.map((mark) => (
          <path key={mark.key} d={mark.line} />
        ))}
      </g>
      <g className="text-ink" fontSize="11" fontWeight="600" textAnchor="middle">
        {FIGURE_MARKS.map((mark, index) => (
          <g key={mark.key}>
            <circle
              cx={mark.at[0]}
              cy={mark.at[1] - 4}
              r="8"
              fill="white"
              stroke="currentColor"
              strokeWidth="1"
            />
            <text x={mark.at[0]} y={mark.at[1]} fill="currentColor">
              {index + 1}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}
