import { useRouteLoaderData } from "react-router";
import type { AdminSession } from "../../routes/admin/session.server";

/** The signed-in user, CSRF token and categories the admin layout's loader handed over. */
export function useAdminSession(): AdminSession {
  const session = useRouteLoaderData<AdminSession>("routes/admin/layout");
  if (!session) throw new Error("useAdminSession is used outside the admin layout");
  return session;
}

/** A category's name from its slug (SPEC §2's collections). */
export function CategoryName({ slug }: { slug: string }) {
  const { categories } = useAdminSession();
  return categories.find((c) => c.slug === slug)?.name ?? slug;
}
