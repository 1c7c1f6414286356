import { StaticPage, staticPageMeta } from "../components/static-page";
import { staticPageCopy } from "../lib/copy.server";
import type { Route } from "./+types/about";

export function loader({ request }: Route.LoaderArgs) {
  return { page: staticPageCopy(request, "about") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return staticPageMeta("about", loaderData?.page, matches);
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return <StaticPage page="about" copy={loaderData.page} />;
}
