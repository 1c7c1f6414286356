import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClass } from "./ui";

/**
 * What an admin screen shows, inside the back office's navigation, when its data cannot be read: a page
 * for owners opened by staff (403), something that no longer exists (404), or a failure.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const serverMessage =
    isRouteErrorResponse(error) && typeof error.data === "object" && error.data && "message" in error.data
      ? String(error.data.message)
      : undefined;
  const title =
    status === 403
      ? "This page is for the shop's owner"
      : status === 404
        ? "Not found"
        : "This page could not load";
  return (
    <section className="flex flex-col items-start gap-3 py-6" role="alert">
      <title>{`${title} · Back office`}</title>
      <h1 className="text-2xl font-semibold text-neutral-900">{title}</h1>
      <p className="max-w-prose text-neutral-700">
        {serverMessage ?? "Try again in a moment. If it keeps happening, the server's log says why."}
      </p>
      <Link to="/admin" className={buttonClass.secondary}>
        Back to the dashboard
      </Link>
    </section>
  );
}
