import { renderToStaticMarkup } from "react-dom/server";
import { data, type RouterContextProvider, redirect } from "react-router";
import { REVIEW_COMMENT_MAX } from "#core/constants.ts";
import { fill, type Locale, localizePath, type MessageKey, pluralCategory } from "#core/i18n/index.ts";
import { CreateReviewSchema } from "#core/schemas/review.schema.ts";
import { inputClass } from "../components/ui/field";
import { getServices } from "./context";
import { fieldErrors, isOwnPost, message, type PageUser, refusal, text } from "./page-forms.server";

/**
 * The review form without JavaScript (docs/decisions/0034-review-and-address-forms-before-javascript.md).
 * The product page is publicly cached and has no JavaScript to spare, so its no-script "Write a Review" is
 * a link to /account?review=<slug>: a private page that carries the visitor's CSRF token, where the server
 * draws this form as HTML (no page's JavaScript holds it, and hydration leaves what was typed in place). It
 * posts to /account's action, which runs the same schema and review service as POST /api/review/create
 * (SPEC §5's checks and messages), then answers 303 to the same page with SPEC's success notice.
 */

export interface ReviewView {
  locale: Locale;
  csrf: string;
  product: { id: string; slug: string; name: string };
  signedIn: boolean;
  /** Her review of the product, when she wrote one: no form then (SPEC §5: once per product). */
  own: { rating: number; comment: string; status: string } | null;
  notice?: "published" | "pending";
  values?: { rating: string; comment: string };
  errors?: Record<string, string>;
  failure?: string;
}

type Services = ReturnType<typeof getServices>;

/** The product a review page is about, by the slug of its URL or form; undefined when there is none. */
async function productOf(services: Services, slug: string, locale: Locale) {
  if (!/^[\w-]{1,200}$/.test(slug)) return undefined;
  const product = await services.catalog.findProductBySlug(slug, locale);
  return product ? { id: product._id, slug: product.slug, name: product.name } : undefined;
}

/** /account?review=<slug>: the form's page for the shopper of the page session (or a log-in link). */
export async function reviewPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  user: PageUser | null,
  csrf: string,
  locale: Locale,
): Promise<string | null> {
  const params = new URL(request.url).searchParams;
  const slug = params.get("review");
  if (slug === null) return null;
  const services = getServices(context);
  const product = await productOf(services, slug, locale);
  if (!product) return null;
  const own = user ? await services.reviews.ownReview(user, product.id) : null;
  const done = params.get("notice");
  const notice = done === "published" || done === "pending" ? done : undefined;
  return reviewFormHtml({ locale, csrf, product, signedIn: user !== null, own, notice });
}

/** /account's action for `intent=review`: the same checks and service call as POST /api/review/create. */
export async function reviewAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
  user: PageUser | null,
  csrf: string,
  locale: Locale,
) {
  const services = getServices(context);
  const product = await productOf(services, text(form, "product"), locale);
  if (!product) return redirect(localizePath("/shop", locale), 303);
  const values = { rating: text(form, "rating"), comment: text(form, "comment") };
  const view: ReviewView = { locale, csrf, product, signedIn: user !== null, own: null, values };
  const again = (status: number, more: Partial<ReviewView>) =>
    data({ review: reviewFormHtml({ ...view, ...more }) }, { status });

  // A post another site made, or one without this visitor's CSRF token, stores nothing.
  if (!isOwnPost(request, form)) return again(403, { failure: message(locale, "login.failedFallback") });
  if (!user) return redirect(localizePath("/login", locale), 303);
  const rating = /^\d{1,2}$/.test(values.rating) ? Number(values.rating) : values.rating || undefined;
  const checked = fieldErrors(
    CreateReviewSchema,
    { productId: product.id, rating, comment: values.comment },
    locale,
  );
  if (checked.errors) return again(400, { errors: checked.errors });
  try {
    const review = await services.reviews.create(user, checked.data);
    const path = `/account?review=${product.slug}&notice=${review.status === "published" ? "published" : "pending"}`;
    return redirect(localizePath(path, locale), 303);
  } catch (error) {
    const failure = refusal(locale, error);
    if (!failure || failure.status >= 500) throw error;
    return again(failure.status, {
      failure: `${message(locale, "review.failed")}: ${failure.text}`,
      own: failure.status === 409 ? await services.reviews.ownReview(user, product.id) : null,
    });
  }
}

export function reviewFormHtml(view: ReviewView): string {
  const { locale, product, errors = {}, values = { rating: "", comment: "" } } = view;
  const t = (key: MessageKey) => message(locale, key);
  const stars = (n: number) => fill(t(`pdp.stars.${pluralCategory(locale, n)}` as MessageKey), { count: n });
  const productPath = localizePath(`/product/${product.slug}`, locale);
  return renderToStaticMarkup(
    <div className="flex flex-col gap-5" data-testid="native-review">
      <p className="text-stone">
        <a href={productPath} className="font-medium text-ink underline">
          {product.name}
        </a>
      </p>
      {view.notice ? (
        <div role="status" className="rounded-xl bg-accent/10 px-4 py-3 text-sm" data-testid="form-notice">
          <p className="font-medium text-ink">{t("review.submitted")}</p>
          <p className="mt-1 text-stone">{t(`review.${view.notice}`)}</p>
        </div>
      ) : null}
      {view.failure ? (
        <p
          role="alert"
          className="rounded-xl bg-sale/10 px-4 py-3 text-sm text-sale"
          data-testid="form-error"
        >
          {view.failure}
        </p>
      ) : null}
      {!view.signedIn ? (
        <div className="flex flex-col gap-2">
          <p>{t("review.loginRequired")}</p>
          <a href={localizePath("/login", locale)} className="font-medium text-accent-dark underline">
            {t("review.loginLink")}
          </a>
        </div>
      ) : view.own ? (
        <section
          aria-labelledby="own-review-title"
          className="rounded-2xl border border-sand p-4"
          data-testid="own-review"
        >
          <h3 id="own-review-title" className="text-sm font-semibold tracking-wider text-ink uppercase">
            {t("review.comment")}
          </h3>
          <p className="mt-2 text-sm text-accent-dark">{stars(view.own.rating)}</p>
          {view.own.status === "pending" ? (
            <p className="mt-2 text-sm font-medium text-accent-dark" data-testid="review-pending">
              {t("review.awaiting")}
            </p>
          ) : null}
          <p className="mt-2 text-sm whitespace-pre-line text-charcoal" dir="auto">
            {view.own.comment}
          </p>
        </section>
      ) : (
        <form method="post" noValidate className="flex flex-col gap-5" data-testid="native-review-form">
          <input type="hidden" name="csrf" value={view.csrf} />
          <input type="hidden" name="intent" value="review" />
          <input type="hidden" name="product" value={product.slug} />
          <fieldset aria-describedby={errors.rating ? "native-rating-error" : undefined}>
            <legend className="mb-2 text-sm font-medium text-ink">{t("review.rating")}</legend>
            <div className="flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-sand px-3 text-sm has-checked:border-accent"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    defaultChecked={values.rating === String(n)}
                    aria-invalid={errors.rating ? true : undefined}
                  />
                  {stars(n)}
                </label>
              ))}
            </div>
            {errors.rating ? (
              <p id="native-rating-error" className="mt-1 text-sm text-sale" data-testid="field-error">
                {errors.rating}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="native-review-comment" className="text-sm font-medium text-ink">
              {t("review.comment")}
            </label>
            <textarea
              id="native-review-comment"
              name="comment"
              rows={5}
              maxLength={REVIEW_COMMENT_MAX}
              defaultValue={values.comment}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={errors.comment ? "native-comment-error" : undefined}
              className={`${inputClass} h-auto py-3 leading-relaxed`}
            />
            {errors.comment ? (
              <p id="native-comment-error" className="text-sm text-sale" data-testid="field-error">
                {errors.comment}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className="btn-accent h-11">
              {t("review.submit")}
            </button>
          </div>
        </form>
      )}
    </div>,
  );
}
