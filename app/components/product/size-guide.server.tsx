import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "#core/i18n/locale.ts";
import { type SizeGuideContent, sizeGuideContent } from "#core/size-guide.ts";

/** The size guide's table, measuring diagram and steps, rendered once on the server as HTML. */
function SizeGuideFigures({ guide }: { guide: SizeGuideContent }) {
  return (
    <>
      <div className="-mx-2 overflow-x-auto px-2">
        <table className="mt-5 w-full min-w-[20rem] text-start">
          <caption className="mb-2 text-start text-xs text-stone">{guide.caption}</caption>
          <thead>
            <tr className="border-b border-sand text-xs tracking-wider text-stone uppercase">
              {guide.columns.map((c) => (
                <th key={c} scope="col" className="py-2 pe-2 text-start font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => (
              <tr key={row.size} className="border-b border-sand/70">
                <th scope="row" className="py-2.5 pe-2 text-start font-semibold whitespace-nowrap text-ink">
                  {row.size}
                </th>
                {row.cells.map(([main, other]) => (
                  <td key={main} className="py-2.5 pe-2 whitespace-nowrap text-charcoal">
                    <span className="block">{main}</span>
                    <span className="block text-xs text-stone">{other}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mt-6 font-sans font-semibold tracking-wider text-ink uppercase">{guide.howTo}</h3>
      <div className="mt-3 flex items-start gap-5">
        <img
          src="/size-guide.svg"
          alt={guide.diagram}
          width={112}
          height={224}
          loading="lazy"
          className="h-56 w-28 shrink-0"
          data-testid="size-guide-diagram"
        />
        <ol className="flex-1 list-inside list-decimal space-y-2 leading-relaxed text-charcoal">
          {guide.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <p className="mt-4 text-stone">{guide.between}</p>
    </>
  );
}

const html = new Map<Locale, string>();

/** The size guide's figures as HTML for the product page's data (the same for every product), per language. */
export function sizeGuideHtml(locale: Locale = "en"): string {
  let figures = html.get(locale);
  if (!figures) {
    figures = renderToStaticMarkup(<SizeGuideFigures guide={sizeGuideContent(locale)} />);
    html.set(locale, figures);
  }
  return figures;
}
