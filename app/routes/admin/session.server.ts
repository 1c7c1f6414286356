import { data, redirect } from "react-router";
import type { AdminUser } from "#core/admin.ts";

/** Who is signed in to the back office, as the admin layout and every admin page know it. */
export interface AdminSession {
  user: AdminUser;
  csrfToken: string;
}

/**
 * The back-office session of this request, checked on the server before anything is drawn: no session
 * (or an expired one) sends the browser to /admin/login; a signed-in account without a staff role gets
 * a 403 page and no admin data.
 */
export async function requireAdminSession(request: Request): Promise<AdminSession> {
  const url = new URL(request.url);
  const res = await fetch(new URL("/api/admin/me", url.origin), {
    headers: { cookie: request.headers.get("cookie") ?? "", accept: "application/json" },
  });
  if (res.status === 401)
    throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  if (res.status === 403) throw data({ message: "This area is for the shop's staff." }, { status: 403 });
  if (!res.ok) throw new Error(`The admin session check failed (${res.status}).`);
  const body = (await res.json()) as AdminSession;
  return { user: body.user, csrfToken: body.csrfToken };
}
