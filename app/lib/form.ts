import { type ChangeEvent, useLayoutEffect, useRef, useState } from "react";
import type { z } from "zod";

export type FieldErrors = Record<string, string>;
type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Validates form values with a `core/` schema (the same one the server uses) and returns either the
 * parsed data or the first message per field, keyed by the field's top-level name.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** Moves focus to the first field that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]) {
      (element as HTMLElement).focus();
      return;
    }
  }
}

/**
 * The state every account form keeps: values, per-field errors (cleared as the field changes), and a
 * `check()` that validates with a core/ schema, shows the errors and focuses the first one.
 */
export function useFormState<V extends Record<string, string>>(
  initial: V | (() => V),
  /** The messages the server drew under the fields (a form posted before the page's script). */
  initialErrors: FieldErrors = {},
) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);

  // Typing survives hydration (issue 22): what the shopper typed, chose or checked in the server's HTML
  // before the page's script ran becomes the state, before any later render could write the state's
  // older values back into the fields. It runs once, as the page hydrates (or the form mounts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount, by design.
  useLayoutEffect(() => {
    const typed: Record<string, string> = {};
    for (const name in values) {
      const value = (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value;
      if (value) typed[name] = value;
    }
    setValues((current) => ({ ...current, ...typed }));
  }, []);

  const update = (name: keyof V & string) => (event: ChangeEvent<FieldElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  function check<S extends z.ZodType>(schema: S, candidate: unknown = values): z.output<S> | undefined {
    const checked = validate(schema, candidate);
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(form.current, checked.errors);
      return undefined;
    }
    setErrors({});
    return checked.data;
  }

  /** The props a `TextField` takes for one value: `<TextField label=… {...field("email")} />`. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name] ?? "",
    onChange: update(name),
    error: errors[name],
  });

  return { form, values, setValues, errors, setErrors, update, check, field };
}
