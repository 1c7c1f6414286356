import { Link } from "react-router";
import type { WorkshopAnswer } from "#core/schemas/stitching-styles.ts";
import { MeasurementTable } from "./measurement-table";
import { buttonClass } from "./ui";

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
    readyBy: "Ready by",
    step: "Workshop step",
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
    readyBy: "جاهز بحلول",
    step: "مرحلة التفصيل",
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
export function WorkOrder({
  orderId,
  workshop,
  lang,
}: {
  orderId: string;
  workshop: WorkshopAnswer;
  lang: "en" | "ar";
}) {
  const { lines, orderNumber, customerName, placedAt } = workshop;
  const w = WORDS[lang];
  return (
    <>
      <div className="admin-no-print mb-4 flex flex-wrap gap-2">
        <Link to={`/admin/orders/${orderId}`} className={buttonClass.secondary}>
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
              <dt className="font-medium">{w.readyBy}</dt>
              <dd data-testid="work-order-ready-by">{dateIn(lang, line.readyBy)}</dd>
              <dt className="font-medium">{w.step}</dt>
              <dd>{workshop.steps.find((s) => s.key === line.workStep)?.[lang] ?? line.workStep}</dd>
              <dt className="font-medium">{w.note}</dt>
              <dd className="whitespace-pre-line">{line.note || w.none}</dd>
              <dt className="font-medium">{w.unit}</dt>
              <dd>{lang === "ar" ? (line.unit === "cm" ? "سم" : "إنش") : line.unit}</dd>
            </dl>
            <div className="mt-3">
              <MeasurementTable rows={line.measurements} lang={lang} caption={w.measurements} />
            </div>
          </section>
        ))}
      </article>
    </>
  );
}
