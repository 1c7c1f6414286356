import { data } from "react-router";
import { NotFoundPage } from "../components/status-pages";
import { metaI18n } from "../lib/seo";
import type { Route } from "./+types/not-found";

// Any path no other route claims: the page answers with HTTP 404 (SPEC §2 "any other path").
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: t("notFound.title") }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundPage />;
}
