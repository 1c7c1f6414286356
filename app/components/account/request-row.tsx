import type { ReactNode } from "react";
import type { MessageKey } from "#core/i18n/index.ts";
import type { MyStitchingRequest } from "#core/schemas/measurement-profile.schema.ts";
import { fromMillimetres, MEASUREMENTS } from "#core/schemas/measurements.ts";
import { useFormat, useLocale, useT } from "../../lib/i18n";

/** The shop's collections as SPEC names them in a request, in the page's words. */
// (Not core/requests.ts's list: importing it here would split it out of the stitching page's own chunk.)
const serviceKey = (type: string) =>
  /^(Ethnic Elegance|Graceful Abayas|Designer Jalabiya)$/.test(type)
    ? (`category.${type.toLowerCase().replace(/ /g, "-")}` as MessageKey)
    : undefined;

/**
 * One of her stitching requests (issue 29; decision 0040): reference, date, service, items, status in
 * words and the measurements taken at the visit. `children` is the place under it for what a request
 * gains later (the shop's quote, issue 29's quotes part).
 */
export function RequestRow({ request, children }: { request: MyStitchingRequest; children?: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const { date } = useFormat();
  const taken = request.measurements;
  const unitWord = taken
    ? t(taken.unit === "cm" ? "profile.mtm.unitShort.cm" : "profile.mtm.unitShort.in")
    : "";
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand bg-white/70 p-5"
      data-testid="request-row"
    >
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone">{t("profile.mtm.requests.reference")}</dt>
        <dd className="font-medium text-ink">
          <bdi>{request.reference}</bdi>
        </dd>
        <dt className="text-stone">{t("profile.mtm.requests.date")}</dt>
        <dd>{date(request.createdAt)}</dd>
        <dt className="text-stone">{t("profile.mtm.requests.service")}</dt>
        <dd>{serviceKey(request.serviceType) ? t(serviceKey(request.serviceType)!) : request.serviceType}</dd>
        <dt className="text-stone">{t("profile.mtm.requests.items")}</dt>
        <dd>{request.itemCount}</dd>
        <dt className="text-stone">{t("profile.mtm.requests.status")}</dt>
        <dd data-testid="request-status">{t(`profile.mtm.requests.status.${request.status}`)}</dd>
      </dl>
      {taken ? (
        <div className="border-t border-sand pt-3">
          <p className="text-sm font-medium text-ink">{t("profile.mtm.requests.measurements")}</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            {MEASUREMENTS.filter((m) => taken.valuesMm[m.key] !== undefined).map((m) => (
              <div key={m.key} className="contents">
                <dt className="text-stone">{locale === "ar" ? m.ar : m.en}</dt>
                <dd>
                  <bdi>{`${fromMillimetres(taken.valuesMm[m.key]!, taken.unit)} ${unitWord}`}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {children}
    </li>
  );
}
