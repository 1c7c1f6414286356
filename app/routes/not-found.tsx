import { data } from "react-router";
import { t } from "#core/i18n/index.ts";
import { NotFoundPage } from "../components/status-pages";

// Any path no other route claims: the page answers with HTTP 404 (SPEC §2 "any other path").
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: t("notFound.title") }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundPage />;
}
