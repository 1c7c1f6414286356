import { X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useT } from "../../lib/i18n";

interface DialogProps {
  open: boolean;
  /** Escape, a click on the backdrop and the dialog's own close buttons all ask for this. */
  onClose: () => void;
  /** The accessible name: a visible heading's id, or a text when the dialog has no heading. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  /** Busy dialogs ignore Escape and backdrop clicks, so a request in flight is not abandoned. */
  busy?: boolean;
  /** A full-screen dialog has no backdrop to click. */
  closeOnBackdrop?: boolean;
  /** Kept in the page while closed (server-rendered content, e.g. the drawer's links); else built on open. */
  keepMounted?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  className: string;
  id?: string;
  testId?: string;
  children: ReactNode;
}

let locks = 0;

/** The page behind an open dialog does not scroll; the scrollbar's room is kept so nothing shifts. */
function lockScroll(): () => void {
  const root = document.documentElement;
  if (locks === 0) {
    root.style.overflow = "hidden";
    root.style.scrollbarGutter = "stable";
  }
  locks += 1;
  return () => {
    locks -= 1;
    if (locks === 0) {
      root.style.overflow = "";
      root.style.scrollbarGutter = "";
    }
  };
}

/**
 * The store's one modal dialog, on the browser's <dialog> and showModal(): the focus stays inside and
 * the page behind is inert; Escape and a click on the backdrop close it; the page does not scroll
 * beneath it; the focus starts on the element marked data-autofocus (else the first focusable one) and
 * goes back to where it was when the dialog closes. Opened and closed from React state.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  label,
  describedBy,
  busy,
  closeOnBackdrop = true,
  keepMounted,
  onKeyDown,
  className,
  id,
  testId,
  children,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    if (!element.open) element.showModal();
    element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      unlock();
      if (element.open) element.close();
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, [open]);

  return (
    <dialog
      ref={dialog}
      id={id}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-describedby={describedBy}
      data-testid={testId}
      className={className}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (not through our state): tell the owner.
        if (open) closeRef.current();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === dialog.current && !busy) onClose();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        event.stopPropagation();
      }}
    >
      {open || keepMounted ? children : null}
    </dialog>
  );
}

interface TitledDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
  busy?: boolean;
}

/** A centred card dialog with its heading, an optional description and a close button (account, reviews). */
export function TitledDialog({
  open,
  onClose,
  title,
  description,
  children,
  testId,
  busy,
}: TitledDialogProps) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      busy={busy}
      testId={testId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-ivory p-0 text-charcoal shadow-soft"
    >
      <div className="px-6 pt-5 pb-6 sm:px-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="pt-2 text-2xl text-ink sm:text-3xl">
            {title}
          </h2>
          <CloseButton
            onClick={onClose}
            disabled={busy}
            label={t("form.close")}
            className="-me-2 size-11 shrink-0 hover:bg-cream disabled:opacity-50"
          />
        </div>
        {description ? (
          <div id={descriptionId} className="mt-2 text-sm leading-relaxed text-stone">
            {description}
          </div>
        ) : null}
        <div className="mt-5">{children}</div>
      </div>
    </Dialog>
  );
}

/** The round ✕ button of a dialog's top bar. */
export function CloseButton({
  onClick,
  label,
  className,
  disabled,
}: {
  onClick: () => void;
  label: string;
  className: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`inline-flex items-center justify-center rounded-full ${className}`}
      aria-label={label}
    >
      <X className="size-5" aria-hidden="true" />
    </button>
  );
}
