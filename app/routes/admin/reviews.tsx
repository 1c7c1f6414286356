import { StarFilledIcon } from "@radix-ui/react-icons";
import { Link } from "react-router";
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

/** The list's filters (issue 26): every status, pending first as the queue it is. */
const FILTERS = [
  {
    status: "pending",
    label: "Pending",
    title: "Reviews waiting for approval",
    empty: "No review is waiting.",
  },
  { status: "published", label: "Published", title: "Published reviews", empty: "No published review." },
  { status: "hidden", label: "Hidden", title: "Hidden reviews", empty: "No hidden review." },
  { status: "rejected", label: "Rejected", title: "Rejected reviews", empty: "No rejected review." },
  { status: "all", label: "All", title: "All reviews", empty: "No review yet." },
] as const;
type Filter = (typeof FILTERS)[number];

function filterOf(url: string): Filter {
  const status = new URL(url).searchParams.get("status");
  return FILTERS.find((f) => f.status === status) ?? FILTERS[0];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filter = filterOf(request.url);
  const answer = await adminGet(`/api/admin/reviews?status=${filter.status}&limit=100`, request.signal);
  return { ...answer, filter: filter.status };
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

type Move = "approve" | "reject" | "hide" | "restore";
const DONE: Record<Move, string> = {
  approve: "Review approved: the product page shows it.",
  reject: "Review rejected.",
  hide: "Review hidden: the product page no longer shows it.",
  restore: "Review restored: the product page shows it again.",
};
const LABEL: Record<Move, string> = {
  approve: "Approve",
  reject: "Reject",
  hide: "Hide",
  restore: "Restore",
};
/** The moves each status offers. */
const MOVES: Record<AdminReview["status"], Move[]> = {
  pending: ["approve", "reject"],
  published: ["hide"],
  hidden: ["restore"],
  rejected: ["approve"],
};
const STATUS_TEXT: Record<AdminReview["status"], string> = {
  pending: "Pending",
  published: "Published",
  hidden: "Hidden",
  rejected: "Rejected",
};

/**
 * Issue 15: reviews wait as pending until the owner approves (they show on the product) or rejects them.
 * Issue 26: every status is listed; a published review can be hidden and a hidden one restored.
 */
export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { busy, result, run } = useChange();
  const decide = (id: string, move: Move) =>
    run(() => adminSend("POST", `/api/admin/reviews/${id}/${move}`), DONE[move]);
  const { reviews } = loaderData;
  const filter = FILTERS.find((f) => f.status === loaderData.filter) ?? FILTERS[0];
  return (
    <>
      <PageHeader title={filter.title} />
      <nav aria-label="Review status" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.status}
            to={`?status=${f.status}`}
            aria-current={f.status === filter.status ? "page" : undefined}
            className={f.status === filter.status ? buttonClass.primary : buttonClass.secondary}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <div className="mb-4">
        <Notice result={result} />
      </div>
      {reviews.length === 0 ? (
        <p className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">{filter.empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reviews.map((review) => (
            <li
              key={review.id}
              className="rounded-lg border border-neutral-200 bg-white p-4"
              data-testid={review.status === "pending" ? "pending-review" : "review"}
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
                    <span className="font-medium">{STATUS_TEXT[review.status]}</span> · {review.userName}
                    {review.isVerifiedPurchase ? " · verified purchase" : ""} ·{" "}
                    {formatDateTime(review.createdAt)}
                  </p>
                </div>
                <Stars rating={review.rating} />
              </div>
              <p className="mt-2 text-sm whitespace-pre-line text-neutral-900">{review.comment}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {MOVES[review.status].map((move, i) => (
                  <button
                    key={move}
                    type="button"
                    onClick={() => decide(review.id, move)}
                    className={i === 0 ? buttonClass.primary : buttonClass.secondary}
                    disabled={busy}
                    aria-label={`${LABEL[move]} the review by ${review.userName} of ${review.productName}`}
                  >
                    {LABEL[move]}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
