import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { OTP_LENGTH } from "#core/constants.ts";
import { useT } from "../../lib/i18n";
import { isCompleteOtp } from "./otp";

interface OtpInputProps {
  /** Called with the digits typed so far, in order; the code is complete at OTP_LENGTH digits. */
  onChange: (code: string) => void;
  /** Called once all boxes are filled (for the forgot-password step that moves on locally). */
  onComplete?: (code: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
}

/**
 * SPEC §2/§5: six boxes, one digit each, numbers only; a paste (or the phone's one-time-code autofill)
 * fills every box. Each box is labelled "Digit n of 6" inside a fieldset named by the label, and the
 * error is announced through aria-describedby.
 */
export function OtpInput({ onChange, onComplete, error, disabled, autoFocus, label }: OtpInputProps) {
  const t = useT();
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(""));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = useId();

  function commit(next: string[]) {
    setDigits(next);
    const code = next.join("");
    onChange(code);
    if (isCompleteOtp(code)) onComplete?.(code);
  }

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  /** Writes digits from `start` onward; returns where the caret goes next. */
  function fill(start: number, text: string): number {
    const incoming = text.replace(/\D/g, "").slice(0, OTP_LENGTH);
    if (!incoming) return start;
    // A whole code always fills every box, wherever the caret was.
    const from = incoming.length === OTP_LENGTH ? 0 : start;
    const next = [...digits];
    let index = from;
    for (const digit of incoming) {
      if (index >= OTP_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    commit(next);
    return index;
  }

  function onInput(index: number, value: string) {
    const clean = value.replace(/\D/g, "");
    if (!clean) {
      const next = [...digits];
      next[index] = "";
      commit(next);
      return;
    }
    // Typing over a filled box keeps only the newest digit.
    const previous = digits[index];
    const text = clean.length === 2 && previous ? (clean[0] === previous ? clean[1]! : clean[0]!) : clean;
    focusBox(fill(index, text));
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = "";
      commit(next);
      focusBox(index - 1);
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
      const forward = (event.key === "ArrowRight") !== rtl;
      focusBox(index + (forward ? 1 : -1));
    } else if (event.key === "Home") {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focusBox(OTP_LENGTH - 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    focusBox(fill(index, event.clipboardData.getData("text")));
  }

  return (
    <fieldset
      className="min-w-0"
      aria-describedby={error ? errorId : undefined}
      data-testid="otp-input"
      disabled={disabled}
    >
      <legend className="mb-2 text-sm font-medium text-ink">{label ?? t("otp.label")}</legend>
      <div className="flex justify-between gap-2" dir="ltr">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            value={digit}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            // biome-ignore lint/a11y/noAutofocus: the code step exists only to type this code
            autoFocus={autoFocus && index === 0}
            data-autofocus={autoFocus && index === 0 ? "" : undefined}
            aria-label={t("otp.digit", { n: index + 1, total: OTP_LENGTH })}
            aria-invalid={error ? true : undefined}
            className="h-14 w-full min-w-0 max-w-14 rounded-xl border border-sand-dark bg-white text-center text-2xl font-semibold text-ink tabular-nums focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent aria-[invalid=true]:border-sale disabled:bg-cream"
            data-testid="otp-digit"
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-3 text-sm text-sale" data-testid="otp-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
