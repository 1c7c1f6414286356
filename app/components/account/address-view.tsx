import { EMIRATES } from "#core/constants.ts";
import type { MessageKey } from "#core/i18n/index.ts";
import { formatUaeMobile } from "#core/phone.ts";
import type { AddressDto } from "#core/schemas/account.schema.ts";
import { type T, useLocale, useT } from "../../lib/i18n";

// The address list's presentation and rules without the form, so screens that only show addresses
// (checkout's first paint) do not load the form's validation code.

type Address = AddressDto;

const SAME_FIELDS = ["first_name", "last_name", "address", "city", "state", "postcode"] as const;

/**
 * The server returns the list and a primaryAddress (SPEC §3); this finds its place in the list, whether
 * it comes as an index or as the address itself. With none, the first address is the primary one.
 */
export function primaryIndex(addresses: Address[], primary: unknown): number {
  if (addresses.length === 0) return -1;
  if (typeof primary === "number" && primary >= 0 && primary < addresses.length) return primary;
  const id = typeof primary === "string" ? primary : (primary as { _id?: unknown } | null)?._id;
  const byId = id ? addresses.findIndex((a) => a._id === id) : -1;
  if (byId >= 0) return byId;
  if (primary && typeof primary === "object") {
    const p = primary as Record<string, unknown>;
    const found = addresses.findIndex((a) => SAME_FIELDS.every((key) => (a[key] ?? "") === (p[key] ?? "")));
    if (found >= 0) return found;
  }
  return 0;
}

/** An emirate in the page's language: its stored English name (EMIRATES) is the key; others stay as typed. */
export function emirateName(t: T, state: string): string {
  return (EMIRATES as readonly string[]).includes(state)
    ? t(`address.emirate.${state.replace(/\s+/g, "")}` as MessageKey)
    : state;
}

/**
 * One saved address as a shopper reads it (name, street, landmark, city, country, contact). The emirate
 * and the country are the page's words; the phone, e-mail and postcode read left to right inside Arabic
 * text (`<bdi dir="ltr">`, decision 0024), what a person typed keeps its own direction (`<bdi>`).
 */
export function AddressLines({ address }: { address: Address }) {
  const t = useT();
  const comma = useLocale() === "ar" ? "، " : ", ";
  const name = [address.first_name, address.last_name].filter(Boolean).join(" ");
  const place = [address.city, emirateName(t, address.state)].filter(Boolean).join(comma);
  return (
    <address className="text-sm leading-relaxed text-charcoal not-italic">
      <span className="block font-semibold text-ink">
        <bdi>{name}</bdi>
      </span>
      <span className="block">
        <bdi>{address.address}</bdi>
      </span>
      {address.landmark ? (
        <span className="block text-stone">
          <bdi>{address.landmark}</bdi>
        </span>
      ) : null}
      <span className="block">
        {place}
        {address.postcode ? (
          <>
            {comma}
            <bdi dir="ltr">{address.postcode}</bdi>
          </>
        ) : null}
      </span>
      <span className="block">{address.country === "UAE" ? t("address.countryShort") : address.country}</span>
      {address.phone ? (
        <span className="mt-1 block text-stone">
          <bdi dir="ltr" data-testid="address-phone">
            {formatUaeMobile(address.phone)}
          </bdi>
        </span>
      ) : null}
      {address.email ? (
        <span className="block break-all text-stone">
          <bdi dir="ltr">{address.email}</bdi>
        </span>
      ) : null}
    </address>
  );
}
