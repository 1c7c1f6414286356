import { Star } from "lucide-react";
import { useFetcher } from "react-router";
import { adminGet, adminSend, attempt } from "../../components/admin/api";
import { formatDateTime } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import type { AdminReview } from "../../components/admin/types";
import { buttonClass, Notice, PageHeader } from "../../components/admin/ui";
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

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const id = String(form.get("id"));
  const decision = form.get("decision") === "approve" ? "approve" : "reject";
  return attempt(
    () => adminSend("POST", `/api/admin/reviews/${id}/${decision}`),
    decision === "approve" ? "Review approved: the product page shows it." : "Review rejected.",
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
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
  const fetcher = useFetcher<typeof clientAction>();
  const { reviews } = loaderData;
  return (
    <>
      <PageHeader title="Reviews waiting for approval" />
      <div className="mb-4">
        <Notice result={fetcher.data} />
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
              <fetcher.Form method="post" className="mt-3 flex gap-2">
                <input type="hidden" name="id" value={review.id} />
                <button
                  type="submit"
                  name="decision"
                  value="approve"
                  className={buttonClass.primary}
                  disabled={fetcher.state !== "idle"}
                  aria-label={`Approve the review by ${review.userName} of ${review.productName}`}
                >
                  Approve
                </button>
                <button
                  type="submit"
                  name="decision"
                  value="reject"
                  className={buttonClass.secondary}
                  disabled={fetcher.state !== "idle"}
                  aria-label={`Reject the review by ${review.userName} of ${review.productName}`}
                >
                  Reject
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
