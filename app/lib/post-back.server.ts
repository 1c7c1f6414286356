import { redirect } from "react-router";

/**
 * The answer of a route whose form posts only through its page's script: a form submitted before the
 * script arrived (or without one) comes back to the same page as a GET, its fields never in a URL.
 */
export function postBack(request: Request): Response {
  return redirect(new URL(request.url).pathname, 303);
}
