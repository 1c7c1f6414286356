import { StarFilledIcon } from "@radix-ui/react-icons";
import { adminGet, adminSend } from "../../components/admin/api";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import type { AdminReview } from "../../components/admin/types";
import { buttonClass, Notice, PageHeader } from "../../components/admin/ui";
import { useChange } from "../../components/admin/use-change";
import type { Route } from "./+types/reviews";

export function meta() {
  return [{ title: "Reviews · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminGet<{ reviews: AdminReview[] }>("/api/admin/reviews?status=pending", request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarFilledIcon
          key={n}
          aria-hidden
          className={`size-4 ${n <= rating ? "fill-amber-500 text-amber-600" : "text-neutral-400"}`}
        />
      ))}
    </span>
  );
}

/** Issue 15: reviews wait as pending until the owner approves (they show on the product) or rejects them. */
export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { busy, result, run } = useChange();
  const decide = (id: string, decision: "approve" | "reject") =>
    run(
      () => adminSend("POST", `/api/admin/reviews/${id}/${decision}`),
      decision === "approve" ? "Review approved: the product page shows it." : "Review rejected.",
    );
  const { reviews } = loaderData;
  return (
    <>
      <PageHeader title="Reviews waiting for approval" />
      <div className="mb-4">
        <Notice result={result} />
      </div>
      {reviews.length === 0 ? (
        <p className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
          No review is waiting.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reviews.map((review) => (
            <li
              key={review.id}
              className="rounded-lg border border-neutral-200 bg-white p-4"
              data-testid="pending-review"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <a
                    href={`/product/${review.productSlug}`}
                    className="font-medium underline underline-offset-4"
                    target="_blank"
                    rel="noreferrer"
                  >
                    {review.productName}
                  </a>
                  <p className="text-sm text-neutral-700">
                    {review.userName}
                    {review.isVerifiedPurchase ? " · verified purchase" : ""} ·{" "}
                    {formatDateTime(review.createdAt)}
                  </p>
                </div>
                <Stars rating={review.rating} />
              </div>
              <p className="mt-2 text-sm whitespace-pre-line text-neutral-900">{review.comment}</p>
              <div className="mt-3 flex gap-2">
                <button
                  type="button"
                  onClick={() => decide(review.id, "approve")}
                  className={buttonClass.primary}
                  disabled={busy}
                  aria-label={`Approve the review by ${review.userName} of ${review.productName}`}
                >
                  Approve
                </button>
                <button
                  type="button"
                  onClick={() => decide(review.id, "reject")}
                  className={buttonClass.secondary}
                  disabled={busy}
                  aria-label={`Reject the review by ${review.userName} of ${review.productName}`}
                >
                  Reject
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
