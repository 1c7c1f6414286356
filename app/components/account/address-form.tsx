import { useRef, useState } from "react";
import { EMIRATES } from "#core/constants.ts";
import { t } from "#core/i18n/index.ts";
import {
  ADDRESS_COUNTRY,
  type AddressDto,
  type AddressInput,
  AddressSchema,
} from "#core/schemas/account.schema.ts";
import { type FieldErrors, focusFirstError, validate } from "../../lib/form";
import { Field, SelectField } from "./form-field";

/** SPEC §3 Address as the server returns it, and as the form sends it. */
export type Address = AddressDto;

type Values = Omit<Address, "_id" | "email">;

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
}

/**
 * SPEC §5 Address form: first name, address, city, state, postcode and country required; last name,
 * landmark and phone optional; the country is UAE only and the state one of the seven emirates.
 */
export function AddressForm({ title, initial, email, onCancel, onSubmit }: AddressFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => initialValues(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const update = (name: keyof Values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  async function submit() {
    const candidate = { ...values, email };
    const checked = validate(AddressSchema, candidate);
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(form.current, checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    await onSubmit(checked.data);
    setBusy(false);
  }

  return (
    <form
      ref={form}
      noValidate
      aria-labelledby="address-form-title"
      className="rounded-2xl border border-sand bg-white/80 p-5 sm:p-6"
      data-testid="address-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <h3 id="address-form-title" className="text-2xl text-ink">
        {title}
      </h3>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <Field
          label={t("address.firstName")}
          name="first_name"
          autoComplete="given-name"
          value={values.first_name}
          onChange={update("first_name")}
          error={errors.first_name}
          required
          autoFocus
        />
        <Field
          label={t("address.lastName")}
          name="last_name"
          autoComplete="family-name"
          value={values.last_name}
          onChange={update("last_name")}
          error={errors.last_name}
          optional
        />
        <Field
          label={t("address.email")}
          name="email"
          type="email"
          value={email}
          readOnly
          hint={t("address.emailHint")}
          error={errors.email}
        />
        <Field
          label={t("address.phone")}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t("authForm.phonePlaceholder")}
          value={values.phone}
          onChange={update("phone")}
          error={errors.phone}
          optional
        />
        <div className="sm:col-span-2">
          <Field
            label={t("address.address")}
            name="address"
            autoComplete="street-address"
            placeholder={t("address.addressPlaceholder")}
            value={values.address}
            onChange={update("address")}
            error={errors.address}
            required
          />
        </div>
        <Field
          label={t("address.landmark")}
          name="landmark"
          value={values.landmark}
          onChange={update("landmark")}
          error={errors.landmark}
          optional
        />
        <Field
          label={t("address.city")}
          name="city"
          autoComplete="address-level2"
          value={values.city}
          onChange={update("city")}
          error={errors.city}
          required
        />
        <SelectField
          label={t("address.state")}
          name="state"
          autoComplete="address-level1"
          value={values.state}
          onChange={update("state")}
          error={errors.state}
          required
        >
          <option value="" disabled>
            {t("address.statePlaceholder")}
          </option>
          {EMIRATES.map((emirate) => (
            <option key={emirate} value={emirate}>
              {emirate}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("address.postcode")}
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          value={values.postcode}
          onChange={update("postcode")}
          error={errors.postcode}
          required
        />
        <SelectField
          label={t("address.country")}
          name="country"
          autoComplete="country"
          value={values.country}
          onChange={update("country")}
          error={errors.country}
          required
        >
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
