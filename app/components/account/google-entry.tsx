import { lazy, type Ref } from "react";
import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../../../server/config.ts";
import { AfterHydration } from "../../lib/after-hydration";
import { useT } from "../../lib/i18n";
import { OrDivider } from "./auth-layout";

// Google's button, its script and the phone prompt come once the page has hydrated: the first paint
// shows the button's loading state, drawn here (docs/decisions/0011-speed.md).
const GoogleAuth = lazy(() => import("./google-auth").then((m) => ({ default: m.GoogleAuth })));

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
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
