import { Suspense } from "react";
import type { CartQuoteLine } from "#core/cart.ts";
import type { Locale } from "#core/locale.ts";
import { lazy } from "../../lib/lazy";

// Issue 29: the stitched lines' words load only when a quote has one (the cart's first load stays light).
const View = lazy(() => import("./stitched-line-view"));

export function StitchedLineNote({ quoted, locale }: { quoted: CartQuoteLine | undefined; locale: Locale }) {
  return quoted?.stitching ? (
    <Suspense>
      <View quoted={quoted} locale={locale} />
    </Suspense>
  ) : null;
}

export function ReadyByNote({ readyBy, locale }: { readyBy: string | null | undefined; locale: Locale }) {
  return readyBy ? (
    <Suspense>
      <View readyBy={readyBy} locale={locale} />
    </Suspense>
  ) : null;
}
