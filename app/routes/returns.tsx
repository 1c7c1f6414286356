import { StaticPage, staticPageMeta } from "../components/static-page";
import { staticPageCopy } from "../lib/copy.server";
import type { Route } from "./+types/returns";

export function loader({ request }: Route.LoaderArgs) {
  return { page: staticPageCopy(request, "returns") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return staticPageMeta("returns", loaderData?.page, matches);
}

export default function ReturnsPage({ loaderData }: Route.ComponentProps) {
  return <StaticPage page="returns" copy={loaderData.page} />;
}
