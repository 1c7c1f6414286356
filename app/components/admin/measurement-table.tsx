import { fromMillimetres, MEASUREMENTS, type MeasurementValuesMm } from "#core/schemas/measurements.ts";

/** A made-to-measure line's measurements in both units, labelled in `lang` (the workshop and work order). */
export function MeasurementTable({
  valuesMm,
  lang = "en",
  caption,
}: {
  valuesMm: MeasurementValuesMm;
  lang?: "en" | "ar";
  caption: string;
}) {
  const rows = MEASUREMENTS.filter((m) => valuesMm[m.key] !== undefined);
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
        {rows.map((m) => {
          const mm = valuesMm[m.key] ?? 0;
          return (
            <tr key={m.key} className="border-b border-neutral-100">
              <th scope="row" className="py-1 text-start font-normal">
                {m[lang]}
              </th>
              <td className="py-1 text-end tabular-nums">{fromMillimetres(mm, "cm")}</td>
              <td className="py-1 text-end tabular-nums">{fromMillimetres(mm, "in")}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
