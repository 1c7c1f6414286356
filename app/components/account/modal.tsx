import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { t } from "#core/i18n/index.ts";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Busy dialogs ignore Escape and backdrop clicks, so a request in flight is not abandoned. */
  busy?: boolean;
}

/**
 * A modal <dialog>: the browser gives the focus trap, the inert page behind it and Escape. Opened and
 * closed from React state; the close button, Escape and a click on the backdrop all call onClose.
 */
export function Modal({ open, onClose, title, description, children, testId, busy }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // showModal focuses the first focusable element (the close button); the field the dialog asks
      // for is marked data-autofocus and takes the focus instead.
      element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-ivory p-0 text-charcoal shadow-soft"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current && !busy) onClose();
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {open ? (
        <div className="px-6 pt-5 pb-6 sm:px-8">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="pt-2 text-2xl text-ink sm:text-3xl">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              className="-me-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-cream disabled:opacity-50"
              aria-label={t("otp.close")}
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          {description ? (
            <div id={descriptionId} className="mt-2 text-sm leading-relaxed text-stone">
              {description}
            </div>
          ) : null}
          <div className="mt-5">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
