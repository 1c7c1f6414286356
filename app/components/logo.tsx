/** The shop's monogram: a crescent cradling a needle's thread, drawn inline so it never waits on a request. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="none" stroke="currentColor" strokeWidth="1.5" opacity="0.35" />
      <path d="M40 14a19 19 0 1 0 0 36a15 15 0 1 1 0-36z" fill="currentColor" opacity="0.92" />
      <path d="M44 16 L30 50" stroke="var(--color-accent)" strokeWidth="2" strokeLinecap="round" />
      <circle cx="44.6" cy="15" r="1.8" fill="none" stroke="var(--color-accent)" strokeWidth="1.2" />
      <path
        d="M30 50 C 36 44, 48 46, 50 38"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="1.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Wordmark({ name }: { name: string }) {
  return (
    <span className="flex items-center gap-2 text-ink">
      <LogoMark className="size-8 shrink-0" />
      <span className="font-display text-2xl leading-none font-semibold tracking-wide whitespace-nowrap">
        {name}
      </span>
    </span>
  );
}
