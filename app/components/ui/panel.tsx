import type { ReactNode } from "react";

const PADDING = { base: "p-5", md: "p-5 sm:p-6", lg: "p-5 sm:p-8" } as const;
const TONE = { soft: "bg-white/70", solid: "bg-white/80" } as const;

export interface PanelLook {
  /** p-5 everywhere (base), or more room from the small breakpoint up (md, lg). */
  pad?: keyof typeof PADDING;
  tone?: keyof typeof TONE;
}

/** The bordered card of the account, checkout and request pages, for an element that is not a section. */
export function panelClass({ pad = "base", tone = "soft" }: PanelLook = {}): string {
  return `rounded-2xl border border-sand ${TONE[tone]} ${PADDING[pad]}`;
}

interface PanelProps extends PanelLook {
  /** The id of the panel's heading, which names the section. */
  labelledBy: string;
  id?: string;
  testId?: string;
  children: ReactNode;
}

/** A named section in the store's bordered card (profile, password, order lines, the request forms). */
export function Panel({ labelledBy, id, testId, pad, tone, children }: PanelProps) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={panelClass({ pad, tone })} data-testid={testId}>
      {children}
    </section>
  );
}
