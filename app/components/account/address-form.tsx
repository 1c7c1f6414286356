import { useState } from "react";
import { EMIRATES } from "#core/constants.ts";
import type { AddressDto, AddressInput } from "#core/schemas/account.schema.ts";
import { loadAccountSchemas, usePreloadAccountSchemas } from "../../lib/account-schemas";
import { useFormState } from "../../lib/form";
import { useT } from "../../lib/i18n";
import { SelectField, TextField } from "../ui/field";
import { panelClass } from "../ui/panel";
import { emirateName } from "./address-view";

/**
 * SPEC §5: the only country, the schema's `ADDRESS_COUNTRY` (address-form.test.ts holds them equal). Not
 * imported from the schema's module, which comes after the form; nor from core/constants.ts, whose names
 * a lazy module imports are exported by the shell every page loads.
 */
export const ADDRESS_COUNTRY = "UAE";

/** SPEC §3 Address as the server returns it, and as the form sends it. */
export type Address = AddressDto;

type Values = Omit<Address, "_id" | "email">;

/** A form posted without JavaScript and refused, drawn again as typed (app/lib/address-forms.server.ts). */
export interface PostedAddress {
  intent: string;
  index: number | null;
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

function initialValues(address: Address | undefined): Values {
  return {
    first_name: address?.first_name ?? "",
    last_name: address?.last_name ?? "",
    address: address?.address ?? "",
    landmark: address?.landmark ?? "",
    city: address?.city ?? "",
    state: address?.state ?? "",
    postcode: address?.postcode ?? "",
    country: ADDRESS_COUNTRY,
    phone: address?.phone ?? "",
  };
}

interface AddressFormProps {
  title: string;
  initial?: Address;
  /** SPEC §5: e-mail is read-only, filled from the account. */
  email: string;
  onCancel: () => void;
  /** Sends the address; resolves true when it was saved (the parent shows the toast). */
  onSubmit: (address: AddressInput) => Promise<boolean>;
  /** On /account (decision 0034): the form also posts to the page's action before (or without) the script. */
  csrf?: string;
  /** The address's index when editing. */
  index?: number;
  posted?: PostedAddress;
}

/**
 * SPEC §5 Address form: first name, address, city, state, postcode and country required; last name,
 * landmark and phone optional; the country is UAE only and the state one of the seven emirates.
 */
export function AddressForm({
  title,
  initial,
  email,
  onCancel,
  onSubmit,
  csrf,
  index,
  posted,
}: AddressFormProps) {
  const t = useT();
  const { form, values, errors, check, field } = useFormState<Values>(
    () => ({ ...initialValues(initial), ...(posted?.values as Partial<Values>) }),
    posted?.errors,
  );
  const [busy, setBusy] = useState(false);
  // The address's checks (zod and the phone metadata, about 55 KB) come after the form is drawn and
  // hydrated, not before: /checkout, opened with no saved address, had them in its start-up task.
  const [unchecked, setUnchecked] = useState(false);
  usePreloadAccountSchemas();

  async function submit() {
    const candidate = { ...values, email };
    setUnchecked(false);
    const schemas = await loadAccountSchemas(() => setUnchecked(true));
    if (!schemas) return;
    const data = check(schemas.AddressSchema, candidate);
    if (!data) return;
    setBusy(true);
    await onSubmit(data);
    setBusy(false);
  }

  return (
    <form
      ref={form}
      method={csrf === undefined ? undefined : "post"}
      noValidate
      aria-labelledby="address-form-title"
      className={panelClass({ pad: "md", tone: "solid" })}
      data-testid="address-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <h3 id="address-form-title" className="text-2xl text-ink">
        {title}
      </h3>
      {csrf !== undefined ? (
        <>
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value={index === undefined ? "address-add" : "address-edit"} />
          {index === undefined ? null : <input type="hidden" name="index" value={index} />}
        </>
      ) : null}
      {posted?.message || unchecked ? (
        <p role="alert" className="mt-3 text-sm text-sale" data-testid="form-error">
          {unchecked ? t("account.loadFailed") : posted?.message}
        </p>
      ) : null}
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("address.firstName")}
          autoComplete="given-name"
          {...field("first_name")}
          required
          autoFocus
        />
        <TextField
          label={t("address.lastName")}
          autoComplete="family-name"
          {...field("last_name")}
          optional
        />
        <TextField
          label={t("address.email")}
          name="email"
          type="email"
          value={email}
          readOnly
          hint={t("address.emailHint")}
          error={errors.email}
        />
        <TextField
          label={t("address.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t("authForm.phonePlaceholder")}
          {...field("phone")}
          optional
        />
        <div className="sm:col-span-2">
          <TextField
            label={t("address.address")}
            autoComplete="street-address"
            placeholder={t("address.addressPlaceholder")}
            {...field("address")}
            required
          />
        </div>
        <TextField label={t("address.landmark")} {...field("landmark")} optional />
        <TextField label={t("address.city")} autoComplete="address-level2" {...field("city")} required />
        <SelectField label={t("address.state")} autoComplete="address-level1" {...field("state")} required>
          <option value="" disabled>
            {t("address.statePlaceholder")}
          </option>
          {EMIRATES.map((emirate) => (
            <option key={emirate} value={emirate}>
              {emirateName(t, emirate)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("address.postcode")}
          inputMode="numeric"
          autoComplete="postal-code"
          {...field("postcode")}
          required
        />
        <SelectField label={t("address.country")} autoComplete="country" {...field("country")} required>
          <option value={ADDRESS_COUNTRY}>{t("address.countryUae")}</option>
        </SelectField>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className="btn-primary disabled:opacity-70" disabled={busy}>
          {busy ? t("account.saving") : t("address.save")}
        </button>
        <button type="button" className="btn-outline" onClick={onCancel} disabled={busy}>
          {t("account.cancel")}
        </button>
      </div>
    </form>
  );
}
