import { StaticPage, staticPageMeta } from "../components/static-page";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  return staticPageMeta("terms", matches);
}

export default function TermsPage() {
  return <StaticPage page="terms" />;
}
