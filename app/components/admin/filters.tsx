import type { ReactNode } from "react";
import { Form, useSearchParams } from "react-router";
import { buttonClass, inputClass } from "./ui";

/*
 * The back office's list filters (orders, inbox, audit log): a GET form, so a filtered list is a link a
 * person can keep and the filters work before the script; each field shows the value in the address.
 */

/** A list's filter form: its fields, then Show. `label` names the search region for screen readers. */
export function FilterForm({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label={label}>
      {children}
      <button type="submit" className={buttonClass.primary}>
        Show
      </button>
    </Form>
  );
}

interface FieldProps {
  id: string;
  name: string;
  label: string;
  /** Takes the row's free width (a search box, a long list of names). */
  wide?: boolean;
}

function Field({ id, label, wide, children }: Omit<FieldProps, "name"> & { children: ReactNode }) {
  return (
    <div className={wide ? "flex min-w-40 flex-1 flex-col gap-1" : "flex flex-col gap-1"}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A choice among `options`; the first option (value "") is the unfiltered list. */
export function FilterSelect({
  options,
  ...field
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const [params] = useSearchParams();
  return (
    <Field {...field}>
      <select
        id={field.id}
        name={field.name}
        defaultValue={params.get(field.name) ?? ""}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A typed value: free text (`search`) or a calendar day (`date`, a Dubai day for the server). */
export function FilterInput({ type, ...field }: FieldProps & { type: "search" | "date" }) {
  const [params] = useSearchParams();
  return (
    <Field {...field}>
      <input
        id={field.id}
        name={field.name}
        type={type}
        defaultValue={params.get(field.name) ?? ""}
        className={inputClass}
      />
    </Field>
  );
}

/** Carries a parameter the form has no field for (a sort order, a customer) into the filtered list. */
export function KeepParam({ name }: { name: string }) {
  const [params] = useSearchParams();
  const value = params.get(name);
  return value ? <input type="hidden" name={name} value={value} /> : null;
}
