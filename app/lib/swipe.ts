import { type TouchEvent, useRef } from "react";

/** How far a finger must travel sideways, in CSS pixels, before a touch counts as a swipe. */
const SWIPE_MIN_PX = 40;

/**
 * Touch handlers that turn a sideways swipe into a step through slides or images. The step follows
 * the reading direction: a swipe towards the start edge brings the next item, so in Arabic (right to
 * left) a swipe to the right moves forward, as the arrows' order does (docs/decisions/0012-arabic.md).
 */
export function useSwipe(onMove: (step: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent<HTMLElement>) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent<HTMLElement>) {
      const from = start.current;
      start.current = null;
      const touch = event.changedTouches[0];
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
      const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
      const towardsStart = rtl ? dx > 0 : dx < 0;
      onMove(towardsStart ? 1 : -1);
    },
  };
}
