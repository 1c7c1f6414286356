import type { Ref } from "react";
import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../../../server/config.ts";
import { AfterHydration } from "../../lib/after-hydration";
import { useT } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { OrDivider } from "./auth-layout";

// Google's button, its script and the phone prompt come once the page has hydrated: the first paint
// shows the button's loading state, drawn here (docs/decisions/0011-speed.md).
const GoogleAuth = lazy(() => import("./google-auth").then((m) => ({ default: m.GoogleAuth })));

// Google's four-colour mark, a static picture (public/google-mark.svg) rather than JavaScript: the sign-in
// pages' first-load JavaScript has no room for its paths (issue 22's 130 KB budget).
function GoogleMark() {
  return <img src="/google-mark.svg" alt="" width={20} height={20} className="size-5" />;
}

/** The Google button while it cannot sign in yet: not configured, or Google's script still loading. */
export function InertGoogleButton({ label, testState }: { label: string; testState: string }) {
  return (
    <button
      type="button"
      disabled
      className="btn w-full cursor-not-allowed border border-sand-dark bg-white text-stone"
      data-testid="google-sign-in"
      data-state={testState}
    >
      <GoogleMark />
      {label}
    </button>
  );
}

/** Where Google's own button goes; the inert one stands in while it loads or when it failed to. */
export function GoogleArea({
  state,
  wrapper,
  container,
}: {
  state: "loading" | "ready" | "failed";
  wrapper?: Ref<HTMLDivElement>;
  container?: Ref<HTMLDivElement>;
}) {
  const t = useT();
  return (
    <div ref={wrapper} className="min-h-11" data-testid="google-sign-in-area" data-state={state}>
      <div ref={container} className={`flex w-full justify-center ${state === "ready" ? "" : "hidden"}`} />
      {state === "loading" ? <InertGoogleButton label={t("google.loading")} testState="loading" /> : null}
      {state === "failed" ? <InertGoogleButton label={t("google.unavailable")} testState="failed" /> : null}
    </div>
  );
}

/**
 * SPEC §2 login/signup: Google's button and the divider above the form, and the phone prompt a first
 * Google sign-up may need. Without a Google client id there is nothing to offer: neither button nor divider.
 */
export function GoogleEntry({ mode }: { mode: "signin" | "signup" }) {
  const clientId = useGoogleClientId();
  if (!clientId) return null;
  return (
    <>
      <AfterHydration fallback={<GoogleArea state="loading" />}>
        <GoogleAuth clientId={clientId} mode={mode} />
      </AfterHydration>
      <OrDivider />
    </>
  );
}

/** The client id from the root loader's public config; empty when Google sign-in is not configured. */
export function useGoogleClientId(): string | undefined {
  const shop = useRouteLoaderData<{ shop: PublicConfig }>("root")?.shop;
  return shop?.googleClientId || undefined;
}
