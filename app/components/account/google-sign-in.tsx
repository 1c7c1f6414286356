import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../../../server/config.ts";
import { useT } from "../../lib/i18n";

/**
 * The credential travels as a window event: Google's callback dispatches it, and the button's listener
 * takes it to the server. One code path, which a browser test can also reach by dispatching the event.
 */
export const GOOGLE_CREDENTIAL_EVENT = "google-credential";
const GIS_SRC = "https://accounts.google.com/gsi/client";

export interface GoogleCredentialDetail {
  credential: string;
}

export function dispatchGoogleCredential(credential: string) {
  window.dispatchEvent(
    new CustomEvent<GoogleCredentialDetail>(GOOGLE_CREDENTIAL_EVENT, { detail: { credential } }),
  );
}

/** The slice of Google Identity Services used here (developers.google.com/identity/gsi/web/reference/js-reference). */
interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: "popup" | "redirect";
        context?: "signin" | "signup" | "use";
      }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type?: "standard" | "icon";
          theme?: "outline" | "filled_blue" | "filled_black";
          size?: "large" | "medium" | "small";
          text?: "signin_with" | "signup_with" | "continue_with";
          shape?: "pill" | "rectangular";
          logo_alignment?: "left" | "center";
          width?: number;
          locale?: string;
        },
      ): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let scriptPromise: Promise<GoogleIdentity> | undefined;

/** Loads Google's script once per page, only in the browser and only when a client id is configured. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  scriptPromise ??= new Promise<GoogleIdentity>((resolve, reject) => {
    if (window.google?.accounts?.id) return resolve(window.google);
    const script = document.createElement("script");
    script.src = GIS_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error("GIS missing")));
    script.onerror = () => {
      scriptPromise = undefined;
      script.remove();
      reject(new Error("GIS failed to load"));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

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
function InertGoogleButton({ label, testState }: { label: string; testState: string }) {
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

interface GoogleSignInProps {
  clientId: string | undefined;
  mode: "signin" | "signup";
  onCredential: (credential: string) => void;
}

/**
 * SPEC §2 social sign-in button. With a client id it renders Google's own button and listens for the
 * credential; without one it says plainly that Google sign-in is not configured.
 */
export function GoogleSignIn({ clientId, mode, onCredential }: GoogleSignInProps) {
  const t = useT();
  const wrapper = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    if (!clientId) return;
    const listener = (event: Event) => {
      const credential = (event as CustomEvent<GoogleCredentialDetail>).detail?.credential;
      if (typeof credential === "string" && credential) callback.current(credential);
    };
    window.addEventListener(GOOGLE_CREDENTIAL_EVENT, listener);
    return () => window.removeEventListener(GOOGLE_CREDENTIAL_EVENT, listener);
  }, [clientId]);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) dispatchGoogleCredential(response.credential);
          },
          ux_mode: "popup",
          context: mode,
        });
        google.accounts.id.renderButton(container.current, {
          theme: "outline",
          size: "large",
          shape: "pill",
          text: mode === "signup" ? "signup_with" : "continue_with",
          logo_alignment: "center",
          width: Math.min(400, Math.max(200, wrapper.current?.offsetWidth ?? 320)),
        });
        setState("ready");
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode]);

  if (!clientId) return <InertGoogleButton label={t("google.notConfigured")} testState="not-configured" />;
  return (
    <div ref={wrapper} className="min-h-11" data-testid="google-sign-in-area" data-state={state}>
      <div ref={container} className={`flex w-full justify-center ${state === "ready" ? "" : "hidden"}`} />
      {state === "loading" ? <InertGoogleButton label={t("google.loading")} testState="loading" /> : null}
      {state === "failed" ? <InertGoogleButton label={t("google.unavailable")} testState="failed" /> : null}
    </div>
  );
}

/** The client id from the root loader's public config; empty when Google sign-in is not configured. */
export function useGoogleClientId(): string | undefined {
  const shop = useRouteLoaderData<{ shop: PublicConfig }>("root")?.shop;
  return shop?.googleClientId || undefined;
}
