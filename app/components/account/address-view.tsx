import { formatUaeMobile } from "#core/phone.ts";
import type { AddressDto } from "#core/schemas/account.schema.ts";

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

/** One saved address as a shopper reads it (name, street, landmark, city, country, contact). */
export function AddressLines({ address }: { address: Address }) {
  const name = [address.first_name, address.last_name].filter(Boolean).join(" ");
  return (
    <address className="text-sm leading-relaxed text-charcoal not-italic">
      <span className="block font-semibold text-ink">{name}</span>
      <span className="block">{address.address}</span>
      {address.landmark ? <span className="block text-stone">{address.landmark}</span> : null}
      <span className="block">
        {[address.city, address.state, address.postcode].filter(Boolean).join(", ")}
      </span>
      <span className="block">{address.country}</span>
      {address.phone ? <span className="mt-1 block text-stone">{formatUaeMobile(address.phone)}</span> : null}
      {address.email ? <span className="block break-all text-stone">{address.email}</span> : null}
    </address>
  );
}
