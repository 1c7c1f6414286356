import { Form, Link, useSearchParams } from "react-router";
import { adminGet, listQuery } from "../../components/admin/api";
import { NeedsArabicBadge, TranslationFilter } from "../../components/admin/arabic";
import { type AdminColumn, DataTable } from "../../components/admin/data-table";
import { formatDate } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import type { AdminBlogPost } from "../../components/admin/types";
import { buttonClass, PageHeader, StatusBadge } from "../../components/admin/ui";
import type { Route } from "./+types/blog";

export function meta() {
  return [{ title: "Blog · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = listQuery(new URL(request.url), ["needsArabic"]);
  return adminGet(`/api/admin/blog${query}`, request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const columns: AdminColumn<AdminBlogPost>[] = [
  {
    id: "title",
    header: "Title",
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link to={`/admin/blog/${row.original.id}`} className="font-medium underline underline-offset-4">
          {row.original.title}
        </Link>
        <NeedsArabicBadge missing={row.original.missingArabic} />
      </span>
    ),
  },
  { id: "author", header: "Author", cell: ({ row }) => row.original.author },
  { id: "date", header: "Date", cell: ({ row }) => formatDate(row.original.publishedAt) },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => <StatusBadge status={row.original.published ? "published" : "draft"} />,
  },
];

/** Issue 15: every post, published or draft; those that need Arabic on request (decision 0025). */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Blog">
        <Link to="/admin/blog/new" className={buttonClass.primary}>
          New post
        </Link>
      </PageHeader>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter posts">
        <TranslationFilter id="posts-translation" value={params.get("needsArabic")} />
        <button type="submit" className={buttonClass.primary}>
          Show
        </button>
      </Form>
      <DataTable caption="Blog posts" columns={columns} data={loaderData.posts} empty="No posts yet." />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
