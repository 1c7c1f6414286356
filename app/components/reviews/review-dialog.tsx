import { Star } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { REVIEW_COMMENT_MAX } from "#core/constants.ts";
import { CreateReviewSchema, type OwnReviewDto } from "#core/schemas/review.schema.ts";
import { type FieldErrors, validate } from "../../lib/form";
import { useT, useTc } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { api } from "../../state/session";
import { TitledDialog } from "../ui/dialog";
import { inputClass } from "../ui/field";

interface ReviewDialogProps {
  open: boolean;
  productId: string;
  productName: string;
  onClose: () => void;
  /** After the server answered for good: the stored review, or null when the shopper had one already. */
  onDone: (review: OwnReviewDto | null) => void;
}

/** SPEC §2/§5 review dialog: star rating, comment with its counter, the §5 checks and the §8 messages. */
export default function ReviewDialog({ open, productId, productName, onClose, onDone }: ReviewDialogProps) {
  const t = useT();
  const tc = useTc();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema the server checks with (core/schemas/review.schema.ts).
    const checked = validate(CreateReviewSchema, { productId, rating: rating || undefined, comment });
    if (checked.errors) {
      setErrors(checked.errors);
      const first = checked.errors.rating ? `input[name="rating"]` : `textarea[name="comment"]`;
      form.current?.querySelector<HTMLElement>(first)?.focus();
      return;
    }
    setBusy(true);
    const result = await api("/api/review/create", { body: checked.data });
    setBusy(false);
    if (result.success && result.review) {
      toast.success(t("review.submitted"), { description: result.message });
      setRating(0);
      setComment("");
      onDone(result.review);
      return;
    }
    if (result.status === 0) {
      toast.error(t("review.error"), { description: t("review.tryLater") });
      return;
    }
    toast.error(t("review.failed"), { description: result.message });
    // A review written meanwhile (another tab): show it instead of the form.
    if (result.status === 409) onDone(null);
  }

  const ratingError = errors.rating;
  const commentError = errors.comment;

  return (
    <TitledDialog
      open={open}
      onClose={onClose}
      busy={busy}
      title={t("review.write")}
      description={productName}
      testId="review-dialog"
    >
      <form ref={form} noValidate onSubmit={onSubmit} className="space-y-5">
        <fieldset aria-describedby={ratingError ? `${id}-rating-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-ink">{t("review.rating")}</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="cursor-pointer rounded-lg p-1.5 text-accent has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink"
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => {
                    setRating(n);
                    setErrors(({ rating: _, ...rest }) => rest);
                  }}
                  disabled={busy}
                  aria-invalid={ratingError ? true : undefined}
                  data-autofocus={n === 1 ? true : undefined}
                  className="sr-only"
                />
                <Star
                  className={`size-8 ${n <= rating ? "fill-current" : "text-stone"}`}
                  aria-hidden="true"
                />
                <span className="sr-only">{tc("pdp.stars", n)}</span>
              </label>
            ))}
          </div>
          {ratingError ? (
            <p id={`${id}-rating-error`} className="mt-1 text-sm text-sale" data-testid="field-error">
              {ratingError}
            </p>
          ) : null}
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-comment`} className="text-sm font-medium text-ink">
            {t("review.comment")}
          </label>
          <textarea
            id={`${id}-comment`}
            name="comment"
            rows={5}
            maxLength={REVIEW_COMMENT_MAX}
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              if (commentError) setErrors(({ comment: _, ...rest }) => rest);
            }}
            disabled={busy}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={`${id}-counter${commentError ? ` ${id}-comment-error` : ""}`}
            className={`${inputClass} h-auto py-3 leading-relaxed`}
          />
          <div className="flex justify-between gap-4 text-sm">
            {commentError ? (
              <p id={`${id}-comment-error`} className="text-sale" data-testid="field-error">
                {commentError}
              </p>
            ) : (
              <span />
            )}
            <p id={`${id}-counter`} className="shrink-0 text-stone tabular-nums" data-testid="review-counter">
              {t("review.counter", { n: comment.length, max: REVIEW_COMMENT_MAX })}
            </p>
          </div>
        </div>

        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} disabled={busy} className="btn-outline h-11">
            {t("form.cancel")}
          </button>
          <button type="submit" disabled={busy} aria-busy={busy} className="btn-accent h-11">
            {busy ? t("review.submitting") : t("review.submit")}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}
