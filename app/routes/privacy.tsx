import { StaticPage, staticPageMeta } from "../components/static-page";
import { staticPageCopy } from "../lib/copy.server";
import type { Route } from "./+types/privacy";

export function loader({ request }: Route.LoaderArgs) {
  return { page: staticPageCopy(request, "privacy") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return staticPageMeta("privacy", loaderData?.page, matches);
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <StaticPage page="privacy" copy={loaderData.page} />;
}
