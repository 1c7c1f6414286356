import { Star } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { typedLang } from "#core/i18n/typed-lang.ts";
import type { OwnReviewDto } from "#core/schemas/review.schema.ts";
import { useLocale, useT, useTc } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { readPrivate } from "../../state/private-read";

const loadDialog = () => import("./review-dialog");
const ReviewDialog = lazy(loadDialog);

interface Eligibility {
  review: OwnReviewDto | null;
  canReview: boolean;
}

/**
 * A signed-in shopper's review state (SPEC §5): their own review when they wrote one, else the Write a
 * Review button when canReview says so. The dialog's code (and its schema) loads on the first click.
 */
export default function ReviewPanel({
  productId,
  productName,
  onSignedOut,
  onReviewed,
}: {
  productId: string;
  productName: string;
  /** The token was refused (expired or ended elsewhere): the visitor's button takes over. */
  onSignedOut: () => void;
  /** SPEC §2: the list and the summary show what the server now holds (the page's data is reloaded). */
  onReviewed: () => void;
}) {
  const t = useT();
  const [state, setState] = useState<Eligibility | null>(null);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const signedOut = useRef(onSignedOut);
  signedOut.current = onSignedOut;

  const load = useCallback(async () => {
    const [own, can] = await Promise.all([
      readPrivate("/api/review/user-review", { body: { productId } }),
      readPrivate("/api/review/can-review", { body: { productId } }),
    ]);
    if (own.status === 401 || can.status === 401) {
      signedOut.current();
      return;
    }
    // When the check cannot be made the button stays: the server decides on submit.
    setState({
      review: own.success ? (own.review ?? null) : null,
      canReview: can.success ? Boolean(can.canReview) : true,
    });
  }, [productId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state?.review) return <OwnReview review={state.review} focus={opened} />;
  if (state && !state.canReview) return null;

  return (
    <div className="mb-6" data-testid="review-panel">
      <button
        type="button"
        className="btn-outline h-11 disabled:opacity-60"
        data-testid="write-review"
        disabled={!state}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t("review.write")}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <ReviewDialog
            open={open}
            productId={productId}
            productName={productName}
            onClose={() => setOpen(false)}
            onDone={(review) => {
              setOpen(false);
              if (review) setState({ review, canReview: false });
              else void load();
              onReviewed();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** `focus`: the dialog just closed on it, so keyboard and screen-reader users land on what they wrote. */
function OwnReview({ review, focus }: { review: OwnReviewDto; focus: boolean }) {
  const t = useT();
  const tc = useTc();
  const locale = useLocale();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) section.current?.focus();
  }, [focus]);
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-labelledby="own-review-title"
      className="mb-6 rounded-2xl border border-sand bg-cream/60 p-4"
      data-testid="own-review"
    >
      <h3 id="own-review-title" className="text-sm font-semibold tracking-wider text-ink uppercase">
        {t("review.comment")}
      </h3>
      <p className="mt-2 flex items-center gap-2">
        <span className="inline-flex text-accent" aria-hidden="true">
          {[1, 2, 3, 4, 5].map((n) => (
            <Star key={n} className={`size-4 ${n <= review.rating ? "fill-current" : "opacity-30"}`} />
          ))}
        </span>
        <span className="sr-only">{tc("pdp.stars", review.rating)}</span>
        {review.isVerifiedPurchase ? (
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent-dark">
            {t("pdp.verified")}
          </span>
        ) : null}
      </p>
      {review.status === "pending" ? (
        <p className="mt-2 text-sm font-medium text-accent-dark" data-testid="review-pending">
          {t("review.awaiting")}
        </p>
      ) : null}
      <p
        className="mt-2 text-sm leading-relaxed whitespace-pre-line text-charcoal"
        dir="auto"
        lang={typedLang(review.comment, locale)}
      >
        {review.comment}
      </p>
    </section>
  );
}
