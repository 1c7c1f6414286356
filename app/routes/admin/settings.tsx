import type { FormEvent } from "react";
import { EMIRATES } from "#core/constants.ts";
import { adminGet, adminSend } from "../../components/admin/api";
import { aedTextToFils, filsToAedText } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { NumberSetting } from "../../components/admin/number-setting";
import type { ShopSettings } from "../../components/admin/types";
import { buttonClass, Card, Field, inputClass, Notice, PageHeader } from "../../components/admin/ui";
import { field, useChange } from "../../components/admin/use-change";
import { holidaysOf, WorkshopDays, WorkshopHolidays } from "../../components/admin/workshop-holidays";
import { postBack } from "../../lib/post-back.server";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: "Settings · Back office" }];
}

/** A save posted before the page's script (or without one) comes back to the page: nothing in a URL. */
export async function action({ request }: Route.ActionArgs) {
  return postBack(request);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminGet("/api/admin/settings", request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

function readSettings(form: FormData): ShopSettings {
  const text = (name: string) => field(form, name);
  return {
    shopName: text("shopName"),
    // An emptied Arabic field: /ar falls back to the English text (decision 0025).
    shopNameAr: text("shopNameAr") || null,
    phone: text("phone"),
    email: text("email"),
    officeAddress: text("officeAddress"),
    warehouseAddress: text("warehouseAddress"),
    officeAddressAr: text("officeAddressAr") || null,
    warehouseAddressAr: text("warehouseAddressAr") || null,
    legalAddress: text("legalAddress"),
    trn: text("trn") || null,
    vatRate: Number(text("vatRate")),
    codEnabled: form.get("codEnabled") === "on",
    announcement: text("announcement"),
    announcementAr: text("announcementAr") || null,
    lowStockThreshold: Number(text("lowStockThreshold")),
    returnWindowDays: Number(text("returnWindowDays")),
    cancelWindowHours: Number(text("cancelWindowHours")),
    quoteValidDays: Number(text("quoteValidDays")),
    alterationWindowDays: Number(text("alterationWindowDays")),
    lowStockDigestTime: text("lowStockDigestTime") || null,
    deliveryFeeFils: aed(text("deliveryFee")) ?? 0,
    freeDeliveryThresholdFils: aed(text("freeDeliveryThreshold")),
    emirateDeliveryFeesFils: Object.fromEntries(
      EMIRATES.flatMap((emirate) => {
        const fee = aed(text(`emirateFee-${emirate}`));
        return fee === null ? [] : [[emirate, fee]];
      }),
    ),
    sameDayDeliveryFeeFils: aed(text("sameDayDeliveryFee")) ?? 0,
    // Issue 29: one date per line or comma; the server checks each.
    workshopWorkingDays: form.getAll("workshopWorkingDays").map(Number),
    workshopHolidays: holidaysOf(text("workshopHolidays")),
  };
}

/** An AED amount typed in a field, in fils; null when empty, NaN when not an amount (the server says why). */
function aed(text: string): number | null {
  return text === "" ? null : (aedTextToFils(text) ?? Number.NaN);
}

/** A fee in fils as its field shows it (AED), empty for none. */
const aedField = (fils: number | null | undefined) =>
  fils === null || fils === undefined ? "" : filsToAedText(fils);

/** Issue 15 (owner): the shop's details, stored in the database over the environment's defaults. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { settings: s, overridden } = loaderData;
  const { busy, result, run } = useChange();
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const settings = readSettings(new FormData(event.currentTarget));
    void run(
      () => adminSend("PUT", "/api/admin/settings", settings),
      "Settings saved: the shop shows them now.",
    );
  }
  return (
    <>
      <PageHeader title="Settings" />
      <p className="mb-4 text-sm text-neutral-700">
        Saved values override the server's environment defaults. An Arabic field left empty shows the English
        text on /ar.{" "}
        {overridden.length > 0 ? `Overridden now: ${overridden.join(", ")}.` : "Nothing is overridden yet."}
      </p>
      <div className="mb-4">
        <Notice result={result} />
      </div>
      <form method="post" onSubmit={save} className="flex flex-col gap-4">
        <Card title="Shop">
          <div className="grid gap-4 md:grid-cols-2">
            <Field id="set-shop-name" label="Shop name">
              <input
                id="set-shop-name"
                name="shopName"
                required
                defaultValue={s.shopName}
                className={inputClass}
              />
            </Field>
            <Field id="set-shop-name-ar" label="Shop name (Arabic)">
              <input
                id="set-shop-name-ar"
                name="shopNameAr"
                dir="rtl"
                lang="ar"
                defaultValue={s.shopNameAr ?? ""}
                className={inputClass}
              />
            </Field>
            <Field id="set-phone" label="Phone">
              <input
                id="set-phone"
                name="phone"
                type="tel"
                required
                defaultValue={s.phone}
                className={inputClass}
              />
            </Field>
            <Field id="set-email" label="E-mail">
              <input
                id="set-email"
                name="email"
                type="email"
                required
                defaultValue={s.email}
                className={inputClass}
              />
            </Field>
            <Field id="set-office" label="Office address">
              <input
                id="set-office"
                name="officeAddress"
                required
                defaultValue={s.officeAddress}
                className={inputClass}
              />
            </Field>
            <Field id="set-office-ar" label="Office address (Arabic)">
              <input
                id="set-office-ar"
                name="officeAddressAr"
                dir="rtl"
                lang="ar"
                defaultValue={s.officeAddressAr ?? ""}
                className={inputClass}
              />
            </Field>
            <Field id="set-warehouse" label="Warehouse address">
              <input
                id="set-warehouse"
                name="warehouseAddress"
                required
                defaultValue={s.warehouseAddress}
                className={inputClass}
              />
            </Field>
            <Field id="set-warehouse-ar" label="Warehouse address (Arabic)">
              <input
                id="set-warehouse-ar"
                name="warehouseAddressAr"
                dir="rtl"
                lang="ar"
                defaultValue={s.warehouseAddressAr ?? ""}
                className={inputClass}
              />
            </Field>
            <Field id="set-legal" label="Address on invoices">
              <input
                id="set-legal"
                name="legalAddress"
                defaultValue={s.legalAddress}
                className={inputClass}
              />
            </Field>
          </div>
        </Card>
        <Card title="Tax and payment">
          <div className="grid gap-4 md:grid-cols-2">
            <Field
              id="set-trn"
              label="TRN"
              hint="15 digits; without it invoices are a 'Receipt' without VAT. Tax, name and address changes apply to orders placed from now on: issued documents never change"
            >
              <input
                id="set-trn"
                name="trn"
                inputMode="numeric"
                pattern="\d{15}"
                defaultValue={s.trn ?? ""}
                aria-describedby="set-trn-hint"
                className={inputClass}
              />
            </Field>
            <Field id="set-vat" label="VAT rate (%)">
              <input
                id="set-vat"
                name="vatRate"
                type="number"
                min={0}
                max={100}
                step="0.01"
                defaultValue={s.vatRate}
                className={inputClass}
              />
            </Field>
          </div>
          <label className="mt-4 flex min-h-10 items-center gap-2 text-sm">
            <input type="checkbox" name="codEnabled" defaultChecked={s.codEnabled} className="size-4" />
            Cash on delivery can be chosen at checkout
          </label>
        </Card>
        <Card title="Storefront">
          <div className="grid gap-4 md:grid-cols-2">
            <Field
              id="set-announcement"
              label="Announcement bar"
              hint="The claims, separated by a middle dot ( · )"
            >
              <textarea
                id="set-announcement"
                name="announcement"
                rows={4}
                defaultValue={s.announcement}
                aria-describedby="set-announcement-hint"
                className={inputClass}
              />
            </Field>
            <Field
              id="set-announcement-ar"
              label="Announcement bar (Arabic)"
              hint="Shown on /ar; left empty, /ar shows the English announcement you set, or the shop's Arabic claims"
            >
              <textarea
                id="set-announcement-ar"
                name="announcementAr"
                dir="rtl"
                lang="ar"
                rows={4}
                defaultValue={s.announcementAr ?? ""}
                aria-describedby="set-announcement-ar-hint"
                className={inputClass}
              />
            </Field>
            <NumberSetting
              id="set-low-stock"
              label="Low-stock threshold"
              hint="A size at or below it is listed on the dashboard"
              name="lowStockThreshold"
              max={1000}
              value={s.lowStockThreshold}
            />
            <NumberSetting
              id="set-return-window"
              label="Return window (days)"
              hint="Days after delivery (Dubai calendar days) a shopper may ask to return or exchange"
              name="returnWindowDays"
              max={90}
              value={s.returnWindowDays}
            />
            <NumberSetting
              id="set-cancel-window"
              label="Cancellation window (hours)"
              hint="A customer may cancel an order still at 'Order Placed' from My Account for this long after placing it; 0 turns it off"
              name="cancelWindowHours"
              max={720}
              value={s.cancelWindowHours}
            />
            <NumberSetting
              id="set-quote-valid"
              label="Quotes valid for (days)"
              hint="Days a customer has to accept a stitching quote in My Account"
              name="quoteValidDays"
              max={90}
              value={s.quoteValidDays}
            />
            <NumberSetting
              id="set-alteration-window"
              label="Alteration window (days)"
              hint="Days after delivery (Dubai calendar days) a made-to-measure item may be altered for free"
              name="alterationWindowDays"
              max={90}
              value={s.alterationWindowDays}
            />
            <Field
              id="set-low-stock-digest"
              label="Low-stock mail at"
              hint="Each day at this time (Dubai) the sizes at or below the threshold are mailed to the shop's e-mail. Empty: no mail."
            >
              <input
                id="set-low-stock-digest"
                name="lowStockDigestTime"
                type="time"
                defaultValue={s.lowStockDigestTime ?? ""}
                aria-describedby="set-low-stock-digest-hint"
                className={inputClass}
              />
            </Field>
          </div>
        </Card>
        <Card title="Delivery fees">
          <p className="mb-3 text-sm text-neutral-700">
            In AED, VAT included. A fee of 0 is free delivery (the shop's default). The free-delivery
            threshold is measured after a discount code; an emirate left empty pays the UAE fee.
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <AedSetting
              id="set-delivery-fee"
              label="Delivery fee in the UAE (AED)"
              name="deliveryFee"
              value={aedField(s.deliveryFeeFils) || "0"}
            />
            <AedSetting
              id="set-free-threshold"
              label="Free delivery from (AED)"
              hint="Orders at or above it (after the discount) pay no delivery; empty: no threshold"
              name="freeDeliveryThreshold"
              value={aedField(s.freeDeliveryThresholdFils)}
            />
            <AedSetting
              id="set-same-day-fee"
              label="Same-day delivery fee (AED)"
              hint="Instead of the UAE or the emirate's fee when the shopper picks same-day delivery"
              name="sameDayDeliveryFee"
              value={aedField(s.sameDayDeliveryFeeFils) || "0"}
            />
          </div>
          <fieldset className="mt-4">
            <legend className="mb-2 text-sm font-medium text-neutral-800">
              Fee by emirate (AED, optional)
            </legend>
            <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
              {EMIRATES.map((emirate) => (
                <AedSetting
                  key={emirate}
                  id={`set-emirate-fee-${emirate.replaceAll(" ", "-").toLowerCase()}`}
                  label={emirate}
                  name={`emirateFee-${emirate}`}
                  value={aedField(s.emirateDeliveryFeesFils?.[emirate])}
                />
              ))}
            </div>
          </fieldset>
          <WorkshopDays value={s.workshopWorkingDays} />
          <WorkshopHolidays value={s.workshopHolidays} />
        </Card>
        <div>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            Save settings
          </button>
        </div>
      </form>
    </>
  );
}

/** An amount in AED (up to two decimals) with its label and optional hint. */
function AedSetting(props: { id: string; label: string; hint?: string; name: string; value: string }) {
  return (
    <Field id={props.id} label={props.label} {...(props.hint ? { hint: props.hint } : {})}>
      <input
        id={props.id}
        name={props.name}
        inputMode="decimal"
        pattern="\d+(\.\d{1,2})?"
        defaultValue={props.value}
        {...(props.hint ? { "aria-describedby": `${props.id}-hint` } : {})}
        className={inputClass}
      />
    </Field>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
