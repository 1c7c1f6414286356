import { Link } from "react-router";
import { adminGet } from "../../components/admin/api";
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
  return adminGet<{ posts: AdminBlogPost[] }>("/api/admin/blog", request.signal);
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
      <Link to={`/admin/blog/${row.original.id}`} className="font-medium underline underline-offset-4">
        {row.original.title}
      </Link>
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

/** Issue 15: every post, published or draft. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Blog">
        <Link to="/admin/blog/new" className={buttonClass.primary}>
          New post
        </Link>
      </PageHeader>
      <DataTable caption="Blog posts" columns={columns} data={loaderData.posts} empty="No posts yet." />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
