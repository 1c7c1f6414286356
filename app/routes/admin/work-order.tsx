import { Link } from "react-router";
import { WORK_STEP_NAMES, WORKSHOP_TEXT } from "#core/i18n/workshop.ts";
import type { WorkshopAnswer } from "#core/schemas/stitching-styles.ts";
import { adminGet } from "../../components/admin/api";
import { AdminLoading } from "../../components/admin/loading";
import { MeasurementTable } from "../../components/admin/measurement-table";
import { buttonClass } from "../../components/admin/ui";
import type { Route } from "./+types/work-order";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Work order ${loaderData?.orderNumber ?? ""} · Back office` }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const lang = new URL(request.url).searchParams.get("lang") === "ar" ? "ar" : "en";
  const workshop = await adminGet<WorkshopAnswer>(`/api/admin/orders/${params.id}/workshop`, request.signal);
  return { ...workshop, lang } as const;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const WORDS = {
  en: {
    title: "Work order",
    order: "Order",
    customer: "Customer",
    placed: "Placed",
    item: "Fabric",
    forWhom: "For",
    note: "Note",
    none: "None",
    unit: "Taken in",
    measurements: "Measurements",
  },
  ar: {
    title: "أمر تفصيل",
    order: "الطلب",
    customer: "العميلة",
    placed: "تاريخ الطلب",
    item: "القماش",
    forWhom: "لـ",
    note: "ملاحظة",
    none: "لا يوجد",
    unit: "أُخذت بـ",
    measurements: "المقاسات",
  },
} as const;

const dateIn = (lang: "en" | "ar", iso: string) =>
  new Intl.DateTimeFormat(lang === "ar" ? "ar-AE-u-nu-latn" : "en-GB", {
    dateStyle: "long",
    timeZone: "Asia/Dubai",
  }).format(new Date(iso.length === 10 ? `${iso}T12:00:00+04:00` : iso));

/**
 * Issue 29 (decision 0041): the tailor's printable work order: per made-to-measure line its style, the
 * measurements in centimetres and inches, the note and the ready-by date, in English or Arabic.
 */
export default function WorkOrder({ loaderData, params }: Route.ComponentProps) {
  const { lang, lines, orderNumber, customerName, placedAt } = loaderData;
  const w = WORDS[lang];
  const t = WORKSHOP_TEXT[lang];
  return (
    <>
      <div className="admin-no-print mb-4 flex flex-wrap gap-2">
        <Link to={`/admin/orders/${params.id}`} className={buttonClass.secondary}>
          Back to the order
        </Link>
        <button type="button" className={buttonClass.primary} onClick={() => window.print()}>
          Print
        </button>
        {lang === "en" ? (
          <Link to="?lang=ar" className={buttonClass.ghost}>
            Arabic copy
          </Link>
        ) : (
          <Link to="?" className={buttonClass.ghost}>
            English copy
          </Link>
        )}
      </div>
      <article
        dir={lang === "ar" ? "rtl" : "ltr"}
        lang={lang}
        className="admin-print-area mx-auto max-w-3xl rounded-lg border border-neutral-200 bg-white p-8 text-sm text-neutral-900"
        data-testid="work-order"
      >
        <header className="border-b border-neutral-300 pb-4">
          <h1 className="text-2xl font-semibold">
            {w.title} {orderNumber}
          </h1>
          <p>
            {w.customer}: {customerName} · {w.placed}: {dateIn(lang, placedAt)}
          </p>
        </header>
        {lines.map((line, index) => (
          <section
            key={line.lineId}
            className="mt-6 break-inside-avoid"
            aria-labelledby={`line-${line.lineId}`}
          >
            <h2 id={`line-${line.lineId}`} className="text-lg font-semibold">
              {index + 1}. {lang === "ar" ? (line.style.nameAr ?? line.style.name) : line.style.name}
            </h2>
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
              <dt className="font-medium">{w.item}</dt>
              <dd>
                {lang === "ar" ? (line.nameAr ?? line.name) : line.name} · {line.size} · {line.color} ×{" "}
                {line.quantity}
              </dd>
              <dt className="font-medium">{w.forWhom}</dt>
              <dd>{line.profileName ?? customerName}</dd>
              <dt className="font-medium">{t.readyBy}</dt>
              <dd data-testid="work-order-ready-by">{dateIn(lang, line.readyBy)}</dd>
              <dt className="font-medium">{t.step}</dt>
              <dd>{WORK_STEP_NAMES[lang][line.workStep]}</dd>
              <dt className="font-medium">{w.note}</dt>
              <dd className="whitespace-pre-line">{line.note || w.none}</dd>
              <dt className="font-medium">{w.unit}</dt>
              <dd>{lang === "ar" ? (line.unit === "cm" ? "سم" : "إنش") : line.unit}</dd>
            </dl>
            <div className="mt-3">
              <MeasurementTable valuesMm={line.valuesMm} lang={lang} caption={w.measurements} />
            </div>
          </section>
        ))}
      </article>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
