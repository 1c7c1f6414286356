import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";
import { t } from "#core/i18n/index.ts";
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

/** SPEC §2 login/signup: the divider between the social button and the form. */
export function OrDivider() {
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
  const navigate = useNavigate();
  useEffect(() => {
    if (session.ready && session.token) navigate(afterLoginPath(), { replace: true });
  }, [session.ready, session.token, navigate]);
}
