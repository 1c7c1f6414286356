import {
  type ChangeEvent,
  type ReactNode,
  Suspense,
  type TextareaHTMLAttributes,
  useId,
  useRef,
  useState,
} from "react";
import type { z } from "zod";
import type { PublicConfig } from "../../../server/config.ts";
import { focusFirstError, useFormState } from "../../lib/form";
import { useT } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { toast } from "../../lib/toast";
import { Field, inputClass } from "../ui/field";

/** SPEC §4 Stitching form (and the contact form alike): idle, submitting, then success or failure. */
export type RequestStatus =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "sent"; message: string; reference?: string }
  | { kind: "failed"; message: string }
  | { kind: "unreachable" };

/**
 * What the page draws for a form posted before its script (lib/request-forms.server): the fields kept
 * (or cleared once sent), their messages, and the outcome's box as the server drew it.
 */
export interface PostedRequest {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  html?: string;
}

interface Sending {
  schema: z.ZodType;
  api: typeof import("../../state/session").api;
}

/**
 * A request form's state: the values, field errors, and the send. What only a send needs (the schema,
 * with zod and for stitching the phone rules; the HTTP client; the outcome's view) is loaded on first use
 * rather than with the page, so it costs the page's first load nothing; `preload` starts it as soon as
 * the shopper reaches the form. The check runs before anything is sent; a server refusal naming a field
 * is shown beside that field.
 */
export function useRequestForm<V extends Record<string, string>>(options: {
  initial: () => V;
  loadSchema: () => Promise<z.ZodType>;
  url: "/api/contact/send" | "/api/stitching/request";
  /** Tells the shopper it failed (SPEC §8's toast), with the server's message when there is one. */
  onFailed: (message: string | undefined) => void;
  posted?: PostedRequest | undefined;
}) {
  const t = useT();
  const { posted } = options;
  const state = useFormState(() => ({ ...options.initial(), ...posted?.values }), posted?.errors);
  const [status, setStatus] = useState<RequestStatus>({ kind: "idle" });
  const sending = useRef<Promise<Sending> | null>(null);

  /**
   * The check, the HTTP client and the outcome's view, loaded once; a failed download is tried again on
   * the next send.
   */
  function preload(): Promise<Sending> {
    sending.current ??= Promise.all([
      options.loadSchema(),
      import("../../state/session"),
      import("./request-outcome"),
    ])
      .then(([schema, session]) => ({ schema, api: session.api }))
      .catch((error: unknown) => {
        sending.current = null;
        throw error;
      });
    return sending.current;
  }

  async function submit() {
    if (status.kind === "submitting") return;
    setStatus({ kind: "submitting" });
    let loaded: Sending;
    try {
      loaded = await preload();
    } catch {
      // The check could not even be downloaded: the shopper is offline or the shop is unreachable.
      setStatus({ kind: "unreachable" });
      options.onFailed(undefined);
      return;
    }
    const data = state.check(loaded.schema);
    if (data === undefined) {
      setStatus({ kind: "idle" });
      return;
    }
    const result = await loaded.api(options.url, { body: data });
    if (result.success) {
      state.setValues(options.initial());
      state.setErrors({});
      setStatus({
        kind: "sent",
        message: result.message || t("requests.toast"),
        reference: result.reference,
      });
      toast.success(t("requests.toast"), {
        description: result.reference
          ? t("requests.reference", { reference: result.reference })
          : result.message,
      });
      return;
    }
    if (result.status === 0) {
      setStatus({ kind: "unreachable" });
      options.onFailed(undefined);
      return;
    }
    if (result.field && result.message && result.field in state.values) {
      const errors = { [result.field]: result.message };
      state.setErrors(errors);
      focusFirstError(state.form.current, errors);
      setStatus({ kind: "idle" });
      return;
    }
    setStatus({ kind: "failed", message: result.message ?? "" });
    options.onFailed(result.message);
  }

  /** Sets one value from a control that has no change event of its own (choices, the stepper). */
  function setField(name: keyof V & string, value: string) {
    state.setValues((v) => ({ ...v, [name]: value }));
    state.setErrors(({ [name]: _, ...rest }) => rest);
  }

  return { ...state, status, submit, preload, setField };
}

/** A labelled multi-line input with its inline error, like `TextField`. */
export function TextAreaField({
  label,
  hint,
  error,
  optional,
  required,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  optional?: boolean;
}) {
  return (
    <Field label={label} required={required} optional={optional} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          className={`${inputClass} h-auto resize-y py-3 leading-relaxed`}
          {...textarea}
        />
      )}
    </Field>
  );
}

/**
 * A required choice among a few options as large tappable pills (radio buttons underneath, so arrow
 * keys move between them), with its inline error.
 */
export function ChoiceField<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  columns = "grid-cols-3",
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: string;
  onChange: (value: T) => void;
  error?: string;
  columns?: string;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">
        {legend}
        <span className="ms-0.5 text-accent-dark" aria-hidden="true">
          *
        </span>
      </legend>
      <div className={`grid gap-2 ${columns}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-sand-dark bg-white px-3 py-2 text-center text-sm font-medium text-charcoal transition-colors hover:border-charcoal has-checked:border-charcoal has-checked:bg-charcoal has-checked:text-ivory has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent"
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              required
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-sale" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The spam trap: a field people never see or reach (off-screen, hidden from assistive technology, out
 * of the tab order, not autofilled) that form robots fill in. The server drops what arrives with it.
 */
export function Honeypot({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -start-[10000px] top-0 size-px overflow-hidden"
    >
      <label>
        {label}
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={onChange}
        />
      </label>
    </div>
  );
}

const LazyOutcome = lazy(() =>
  import("./request-outcome").catch(() => ({
    // Even the outcome's view could not be downloaded: the shop is unreachable, so say only that.
    default: ({ shop, unreachableText }: OutcomeProps) => (
      <p role="alert" className="text-sm text-sale">
        {unreachableText} <bdi dir="ltr">{shop.email}</bdi> · <bdi dir="ltr">{shop.phone}</bdi>
      </p>
    ),
  })),
);

export interface OutcomeProps {
  status: RequestStatus;
  shop: PublicConfig;
  failedText: string;
  unreachableText: string;
  next?: ReactNode;
}

/** What happened to the last send (request-outcome.tsx), once there is something to say. */
export function RequestOutcome(props: OutcomeProps) {
  if (props.status.kind === "idle" || props.status.kind === "submitting") return null;
  return (
    <Suspense fallback={null}>
      <LazyOutcome {...props} />
    </Suspense>
  );
}
