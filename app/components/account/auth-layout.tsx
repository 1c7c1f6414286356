import { type ReactNode, type RefObject, useEffect } from "react";
import type { MetaDescriptor } from "react-router";
import type { MessageKey } from "#core/i18n/index.ts";
import { Link, useLocalNavigate, useT } from "../../lib/i18n";
import { metaI18n, pageMeta, type shopFromMatches } from "../../lib/seo";
import { afterLoginPath, useSession } from "../../state/session";
import { MediaImage } from "../media-image";

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Above the title, e.g. the back arrow of /forgot-password. */
  top?: ReactNode;
  children: ReactNode;
  /** Below the card body: the "Sign up" / "Sign in" line. */
  footer?: ReactNode;
  testId?: string;
}

/** The frame of /login, /signup and /forgot-password: one calm card; on wide screens, a picture beside it. */
export function AuthLayout({ title, subtitle, top, children, footer, testId }: AuthLayoutProps) {
  const t = useT();
  return (
    <div className="container-page py-8 sm:py-14" data-testid={testId}>
      <div className="mx-auto grid max-w-md overflow-hidden rounded-3xl border border-sand bg-white/70 shadow-soft lg:max-w-5xl lg:grid-cols-2">
        <div className="relative hidden bg-cream lg:block">
          <MediaImage
            src="/media/site/hero-1.webp"
            alt=""
            width={800}
            height={1000}
            sizes="512px"
            maxWidth={1280}
            className="absolute inset-0 size-full object-cover"
          />
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/80 to-transparent p-10 pt-24">
            <p className="font-display text-3xl leading-tight text-ivory">{t("footer.tagline")}</p>
          </div>
        </div>
        <div className="px-5 py-8 sm:px-10 sm:py-12">
          {top}
          <header className="text-center">
            <h1 className="text-4xl text-ink sm:text-5xl">{title}</h1>
            {subtitle ? <p className="mt-2 text-stone">{subtitle}</p> : null}
          </header>
          <div className="mt-8">{children}</div>
          {footer ? <p className="mt-8 text-center text-sm text-stone">{footer}</p> : null}
        </div>
      </div>
    </div>
  );
}

/**
 * sessionStorage mark set by the password reset just before its full page load to /login, which reads
 * it once to say 'Password Reset Successful' (SPEC §8): a toast does not survive a page load. Kept here,
 * on both pages' first load already, rather than in a module of its own.
 */
export const RESET_DONE_KEY = "store.passwordReset";

/** The auth form's id: its CSRF field is drawn by the server outside it (lib/native-forms.server). */
export const AUTH_FORM_ID = "auth-form";

/** What a page's action answered a form posted before (or without) the page's script (decision 0018). */
export interface PostedForm {
  values?: Record<string, string>;
  /** The schema's messages under the fields, in the page's language. */
  errors?: Record<string, string>;
  /** The refusal's sentence, with the form's "… Failed" title. */
  failure?: string;
  /** A step drawn by the server (app/lib/native-forms.server.tsx). */
  html?: string;
}

/** SPEC §2 login/signup: the divider between the social button and the form. */
export function OrDivider() {
  const t = useT();
  return (
    <div className="my-6 flex items-center gap-3 text-xs tracking-wider text-stone uppercase">
      <span className="h-px flex-1 bg-sand-dark" aria-hidden="true" />
      {t("authForm.orContinueWith")}
      <span className="h-px flex-1 bg-sand-dark" aria-hidden="true" />
    </div>
  );
}

/** SPEC §2 token holders leave /login and /signup: to the cart when it has items, else the shop. */
export function useRedirectSignedIn() {
  const session = useSession();
  const navigate = useLocalNavigate();
  useEffect(() => {
    if (session.ready && session.token) navigate(afterLoginPath(), { replace: true });
  }, [session.ready, session.token, navigate]);
}

/** The meta of /login, /signup and /forgot-password: the page's title, the shared description, noindex. */
export function authMeta(
  matches: Parameters<typeof shopFromMatches>[0],
  title: MessageKey,
  path: string,
): MetaDescriptor[] {
  const { t, locale, shop } = metaI18n(matches);
  return pageMeta({
    shop,
    t,
    locale,
    title: t(title, { shop: shop?.shopName ?? "" }),
    description: t("authForm.metaDescription", { shop: shop?.shopName ?? "" }),
    path,
    noindex: true,
  });
}

/** Below the card: "Don't have an account? Sign up" and its mirror. */
export function AuthSwitch({ text, link, to }: { text: string; link: string; to: string }) {
  return (
    <>
      {text}{" "}
      <Link to={to} className="font-medium text-accent-dark underline underline-offset-4">
        {link}
      </Link>
    </>
  );
}

/** The auth pages' form: the browser's own checks off (ours speak SPEC's texts), one submit at a time. */
export function AuthForm({
  formRef,
  blocked,
  onSubmit,
  children,
}: {
  formRef?: RefObject<HTMLFormElement | null>;
  /** While a request is in flight (or the page is done), a second submit does nothing. */
  blocked: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      id={AUTH_FORM_ID}
      method="post"
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blocked) onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** The full-width submit button that says what it is doing while busy ("Signing in...", "Sending..."). */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** A form-level error the shopper must read (SPEC §8), announced at once. */
export function FormError({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-xl bg-sale/10 px-4 py-3 text-sm text-sale" data-testid="form-error">
      {text}
    </p>
  );
}
