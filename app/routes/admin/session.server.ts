import { type RouterContextProvider, redirect } from "react-router";
import type { AdminUser } from "#core/admin.ts";
import { getServices } from "../../lib/context";

/** Who is signed in to the back office, as the admin layout and every admin page know it. */
export interface AdminSession {
  user: AdminUser;
  csrfToken: string;
}

/**
 * The back-office session of this request, checked on the server before anything is drawn
 * (decision 0013: `services.admin.sessionFromCookie`). No session, an expired one, or an account that
 * is no longer staff: the browser goes to /admin/login, which says why a customer cannot sign in.
 */
export async function requireAdminSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<AdminSession> {
  const principal = await getServices(context).admin.sessionFromCookie(request.headers.get("cookie"));
  if (!principal) {
    const url = new URL(request.url);
    throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { user: principal.user, csrfToken: principal.csrfToken };
}
