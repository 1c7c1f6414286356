import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { MessageKey } from "#core/i18n/index.ts";
import { Link, useT } from "../lib/i18n";

export interface NavDropdownItem {
  to: string;
  label: MessageKey;
}

/**
 * A disclosure menu of links (SPEC §2 Collections dropdown). Closes on any outside click, on Escape
 * (focus returns to the button), when focus leaves it, and on navigation. Arrow keys move between links.
 */
export function NavDropdown({
  label,
  items,
  testId,
}: {
  label: string;
  items: NavDropdownItem[];
  testId?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);

  function focusLink(index: number) {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp" && event.key !== "Home" && event.key !== "End")
      return;
    event.preventDefault();
    const all = links();
    const current = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => focusLink(event.key === "ArrowUp" ? -1 : 0));
      return;
    }
    if (event.key === "Home") focusLink(0);
    else if (event.key === "End") focusLink(-1);
    else focusLink(current === -1 ? 0 : current + (event.key === "ArrowDown" ? 1 : -1));
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys and Escape are handled for the whole menu.
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      data-testid={testId}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 items-center gap-1 px-1 text-sm font-medium tracking-wide text-charcoal hover:text-accent-dark"
      >
        {label}
        <ChevronDown
          className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
          aria-hidden="true"
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute start-0 top-full z-40 mt-1 min-w-56 rounded-xl border border-sand bg-ivory p-2 shadow-soft"
      >
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={() => setOpen(false)}
              className="block rounded-lg px-3 py-2.5 text-sm text-charcoal hover:bg-cream hover:text-accent-dark focus-visible:bg-cream"
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
