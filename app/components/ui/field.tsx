import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from "react";
import { useT } from "../../lib/i18n";

export const inputClass =
  "h-12 w-full rounded-xl border border-sand-dark bg-white px-4 text-base text-ink placeholder:text-stone/80 focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent aria-[invalid=true]:border-sale disabled:bg-cream";

/** What a field's control carries to be named, described and marked invalid with its label, hint and error. */
export interface ControlProps {
  id: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface FieldProps {
  label: string;
  required?: boolean;
  optional?: boolean;
  hint?: string;
  error?: string;
  /** The control itself (input, select, textarea…), given the props that tie it to the label and texts. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * The store's one form field: a label (with * when required, "(optional)" when not), the control, a hint
 * and the inline error (SPEC §8), which replaces the hint and marks the control aria-invalid.
 */
export function Field({ label, required, optional, hint, error, children }: FieldProps) {
  const t = useT();
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {required ? (
          <span className="ms-0.5 text-accent-dark" aria-hidden="true">
            *
          </span>
        ) : null}
        {optional ? <span className="ms-1 font-normal text-stone">{t("form.optional")}</span> : null}
      </label>
      {children({ id, required, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-stone">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-sale" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  optional?: boolean;
};

/** A labelled text input with its hint and inline error (SPEC §8 inline errors), wired for assistive tech. */
export function TextField({ label, hint, error, optional, required, ...input }: TextFieldProps) {
  return (
    <Field label={label} required={required} optional={optional} hint={hint} error={error}>
      {(control) => (
        <input {...control} className={`${inputClass} read-only:bg-cream read-only:text-stone`} {...input} />
      )}
    </Field>
  );
}

/** A password input with a show/hide toggle (SPEC §2 login, signup and forgot-password). */
export function PasswordField({ label, hint, error, required, ...input }: TextFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} required={required} hint={hint} error={error}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type={visible ? "text" : "password"}
            className={`${inputClass} pe-12`}
            autoCapitalize="none"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute end-1 top-1 inline-flex size-10 items-center justify-center rounded-full text-stone hover:bg-cream hover:text-ink"
            aria-label={visible ? t("authForm.hidePassword") : t("authForm.showPassword")}
            aria-controls={control.id}
            data-testid="password-toggle"
          >
            {visible ? (
              <EyeOff className="size-5" aria-hidden="true" />
            ) : (
              <Eye className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      )}
    </Field>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children: ReactNode;
};

export function SelectField({ label, error, hint, required, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} required={required} hint={hint} error={error}>
      {(control) => (
        <select {...control} className={`${inputClass} appearance-auto`} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
