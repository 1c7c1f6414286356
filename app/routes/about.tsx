import { StaticPage, staticPageMeta } from "../components/static-page";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return staticPageMeta("about", matches);
}

export default function AboutPage() {
  return <StaticPage page="about" />;
}
