import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from "react";
import { t } from "#core/i18n/index.ts";

export const inputClass =
  "h-12 w-full rounded-xl border border-sand-dark bg-white px-4 text-base text-ink placeholder:text-stone/80 focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent aria-[invalid=true]:border-sale disabled:bg-cream";

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  optional?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}

export function FieldShell({ id, label, required, optional, hint, error, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {required ? (
          <span className="ms-0.5 text-accent-dark" aria-hidden="true">
            *
          </span>
        ) : null}
        {optional ? <span className="ms-1 font-normal text-stone">{t("address.optional")}</span> : null}
      </label>
      {children}
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

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  optional?: boolean;
};

/** A labelled text input with its hint and inline error (SPEC §8 inline errors), wired for assistive tech. */
export function Field({ label, hint, error, optional, required, ...input }: FieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} optional={optional} hint={hint} error={error}>
      <input
        id={id}
        className={`${inputClass} read-only:bg-cream read-only:text-stone`}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle (SPEC §2 login, signup and forgot-password). */
export function PasswordField({ label, hint, error, required, ...input }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
      <div className="relative">
        <input
          id={id}
          type={visible ? "text" : "password"}
          className={`${inputClass} pe-12`}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          autoCapitalize="none"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute end-1 top-1 inline-flex size-10 items-center justify-center rounded-full text-stone hover:bg-cream hover:text-ink"
          aria-label={visible ? t("authForm.hidePassword") : t("authForm.showPassword")}
          aria-controls={id}
          data-testid="password-toggle"
        >
          {visible ? (
            <EyeOff className="size-5" aria-hidden="true" />
          ) : (
            <Eye className="size-5" aria-hidden="true" />
          )}
        </button>
      </div>
    </FieldShell>
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
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
      <select
        id={id}
        className={`${inputClass} appearance-auto`}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}
