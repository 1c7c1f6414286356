import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";

interface ChoiceProps {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: (value: string) => void;
  title: ReactNode;
  text?: ReactNode;
  /** Extra content after the text (an address's lines, a badge). */
  children?: ReactNode;
  testId?: string;
}

/**
 * One option of a radio group drawn as a card. The native radio stays in the card, so the arrow keys,
 * the group's name and the disabled state reach assistive tech as they are (SPEC §9: the methods that are
 * not selectable are shown, disabled).
 */
export function Choice({
  name,
  value,
  checked,
  disabled,
  onSelect,
  title,
  text,
  children,
  testId,
}: ChoiceProps) {
  const t = useT();
  return (
    <label
      className={`flex gap-3 rounded-2xl border p-4 transition-colors focus-within:ring-2 focus-within:ring-accent ${
        disabled
          ? "cursor-not-allowed border-sand bg-cream/60 text-stone"
          : checked
            ? "cursor-pointer border-accent bg-accent-soft/50"
            : "cursor-pointer border-sand bg-white/70 hover:border-sand-dark"
      }`}
      data-testid={testId}
      data-checked={checked}
      data-disabled={disabled ? true : undefined}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onSelect(value)}
        className="mt-1 size-4 shrink-0 accent-accent-dark focus-visible:outline-none"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={`flex flex-wrap items-center gap-2 font-medium ${disabled ? "" : "text-ink"}`}>
          {title}
          {disabled ? (
            <span className="rounded-full bg-sand px-2 py-0.5 text-xs font-medium text-charcoal">
              {t("checkout.payment.unavailable")}
            </span>
          ) : null}
        </span>
        {text ? <span className="text-sm">{text}</span> : null}
        {children}
      </span>
    </label>
  );
}
