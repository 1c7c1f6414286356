import { useEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n";
import { GoogleArea, InertGoogleButton } from "./google-entry";

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
  return <GoogleArea state={state} wrapper={wrapper} container={container} />;
}
