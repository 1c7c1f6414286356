import { StaticPage, staticPageMeta } from "../components/static-page";
import type { Route } from "./+types/returns";

export function meta({ matches }: Route.MetaArgs) {
  return staticPageMeta("returns", matches);
}

export default function ReturnsPage() {
  return <StaticPage page="returns" />;
}
