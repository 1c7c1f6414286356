import type { WorkshopLine } from "#core/schemas/stitching-styles.ts";

/**
 * A made-to-measure line's measurements in both units, labelled in `lang` (the workshop and the work
 * order). The server labels and converts them, so no schema code reaches the shared chunks.
 */
export function MeasurementTable({
  rows,
  lang = "en",
  caption,
}: {
  rows: WorkshopLine["measurements"];
  lang?: "en" | "ar";
  caption: string;
}) {
  return (
    <table className="w-full text-sm" data-testid="measurement-table">
      <caption className="mb-1 text-start text-xs font-semibold text-neutral-600 uppercase">
        {caption}
      </caption>
      <thead>
        <tr className="border-b border-neutral-300 text-start">
          <th scope="col" className="py-1 text-start">
            {lang === "ar" ? "المقاس" : "Measurement"}
          </th>
          <th scope="col" className="py-1 text-end">
            {lang === "ar" ? "سم" : "cm"}
          </th>
          <th scope="col" className="py-1 text-end">
            {lang === "ar" ? "إنش" : "in"}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((m) => (
          <tr key={m.key} className="border-b border-neutral-100">
            <th scope="row" className="py-1 text-start font-normal">
              {m[lang]}
            </th>
            <td className="py-1 text-end tabular-nums">{m.cm}</td>
            <td className="py-1 text-end tabular-nums">{m.in}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
