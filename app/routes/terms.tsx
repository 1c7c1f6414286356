import { StaticPage, staticPageMeta } from "../components/static-page";
import { staticPageCopy } from "../lib/copy.server";
import type { Route } from "./+types/terms";

export function loader({ request }: Route.LoaderArgs) {
  return { page: staticPageCopy(request, "terms") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return staticPageMeta("terms", loaderData?.page, matches);
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <StaticPage page="terms" copy={loaderData.page} />;
}
