import { StaticPage, staticPageMeta } from "../components/static-page";
import { staticPageCopy } from "../lib/copy.server";
import type { Route } from "./+types/shipping";

export function loader({ request }: Route.LoaderArgs) {
  return { page: staticPageCopy(request, "shipping") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return staticPageMeta("shipping", loaderData?.page, matches);
}

export default function ShippingPage({ loaderData }: Route.ComponentProps) {
  return <StaticPage page="shipping" copy={loaderData.page} />;
}
