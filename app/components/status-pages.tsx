import { Link, useHref, useT } from "../lib/i18n";

/** SPEC §2: any other path shows 'Oops! Page not found' with a link home (answered with HTTP 404). */
export function NotFoundPage() {
  const t = useT();
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center py-20 text-center">
      <p className="eyebrow">404</p>
      <h1 className="mt-3 text-4xl text-ink sm:text-5xl">{t("notFound.title")}</h1>
      <p className="mt-4 max-w-md text-stone">{t("notFound.text")}</p>
      <Link to="/" className="btn-primary mt-8">
        {t("notFound.home")}
      </Link>
    </section>
  );
}

/** SPEC §2: the generic fallback for unexpected failures. */
export function UnexpectedErrorPage() {
  const t = useT();
  const href = useHref();
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-4xl text-ink sm:text-5xl">{t("error.title")}</h1>
      <p className="mt-4 max-w-md text-stone">{t("error.text")}</p>
      <a href={href("/")} className="btn-primary mt-8">
        {t("notFound.home")}
      </a>
    </section>
  );
}
