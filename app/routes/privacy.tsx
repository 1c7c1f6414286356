import { StaticPage, staticPageMeta } from "../components/static-page";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  return staticPageMeta("privacy", matches);
}

export default function PrivacyPage() {
  return <StaticPage page="privacy" />;
}
