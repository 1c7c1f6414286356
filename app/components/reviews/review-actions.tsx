import { Suspense, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { STORAGE_KEYS } from "#core/constants.ts";
import { Link, useT } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { toast } from "../../lib/toast";

// A signed-in shopper's side of reviews (eligibility, own review, the dialog) loads only in the browser,
// after hydration, and only for a token holder: the product page's first-load JavaScript has a budget.
const ReviewPanel = lazy(() => import("./review-panel"));

/** SPEC §2 product page: the review dialog's entry in the Reviews tab. */
export function ReviewActions({ productId, productName }: { productId: string; productName: string }) {
  const t = useT();
  // Unknown until hydrated, so the server's page and the first browser render agree.
  const [signedIn, setSignedIn] = useState<boolean>();
  const [askedToLogin, setAskedToLogin] = useState(false);
  // Lives here rather than in the lazy panel: a react-router import there splits the shared framework chunk.
  const revalidator = useRevalidator();
  useEffect(() => setSignedIn(hasToken()), []);

  if (signedIn) {
    return (
      <Suspense fallback={<WriteReviewButton disabled />}>
        <ReviewPanel
          key={productId}
          productId={productId}
          productName={productName}
          onSignedOut={() => setSignedIn(false)}
          onReviewed={() => void revalidator.revalidate()}
        />
      </Suspense>
    );
  }
  return (
    <div className="mb-6 flex flex-wrap items-center gap-4">
      <WriteReviewButton
        onClick={() => {
          // Read at the click too: a click may come before the effect above has been drawn.
          if (hasToken()) return setSignedIn(true);
          // SPEC §5 Review: a login is required.
          toast.error(t("review.loginRequired"));
          setAskedToLogin(true);
        }}
      />
      {askedToLogin ? (
        <Link to="/login" className="text-sm font-medium text-accent-dark underline">
          {t("review.loginLink")}
        </Link>
      ) : null}
    </div>
  );
}

function hasToken(): boolean {
  try {
    return Boolean(window.localStorage.getItem(STORAGE_KEYS.token));
  } catch {
    return false;
  }
}

/** The same look and test id as the signed-in panel's button (review-panel.tsx), kept apart so this module stays small. */
function WriteReviewButton(props: { disabled?: boolean; onClick?: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn-outline h-11 disabled:opacity-60"
      data-testid="write-review"
      {...props}
    >
      {t("review.write")}
    </button>
  );
}
