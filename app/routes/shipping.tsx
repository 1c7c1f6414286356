import { StaticPage, staticPageMeta } from "../components/static-page";
import type { Route } from "./+types/shipping";

export function meta({ matches }: Route.MetaArgs) {
  return staticPageMeta("shipping", matches);
}

export default function ShippingPage() {
  return <StaticPage page="shipping" />;
}
