import { type ReactNode, useCallback, useEffect, useState } from "react";
import type { MyStitchingRequest } from "#core/schemas/measurement-profile.schema.ts";
import { Link, useT } from "../../lib/i18n";
import { api } from "../../state/session";
import { LoadError, PanelSkeleton } from "./panel";
import { RequestRow } from "./request-row";

/**
 * My Account's stitching requests (issue 29; decision 0040): only those sent with her token, newest first,
 * each drawn by RequestRow. `below` renders what goes under a request (the quotes part adds its block
 * there), so this list stays as it is.
 */
export function RequestsTab({
  drawn = null,
  below,
}: {
  drawn?: MyStitchingRequest[] | null;
  below?: (request: MyStitchingRequest) => ReactNode;
}) {
  const t = useT();
  const [requests, setRequests] = useState<MyStitchingRequest[] | null>(drawn);
  const [failed, setFailed] = useState(false);
  const [readOnOpen] = useState(drawn === null);

  const load = useCallback(async () => {
    setFailed(false);
    const result = await api("/api/stitching/requests");
    if (!result.success) {
      if (result.status !== 401) setFailed(true);
      return;
    }
    setRequests(Array.isArray(result.requests) ? result.requests : []);
  }, []);

  useEffect(() => {
    if (readOnOpen) void load();
  }, [load, readOnOpen]);

  if (failed) return <LoadError onRetry={() => void load()} />;
  if (!requests) return <PanelSkeleton rows={2} />;

  return (
    <div className="flex flex-col gap-5" data-testid="stitching-requests">
      <p className="max-w-md text-sm text-stone">{t("profile.mtm.requests.intro")}</p>
      {requests.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-sand-dark px-6 py-12 text-center">
          <p className="text-xl text-ink">{t("profile.mtm.requests.empty")}</p>
          <Link to="/stitching-service" className="btn-accent mt-5 inline-flex">
            {t("profile.mtm.requests.new")}
          </Link>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {requests.map((request) => (
            <RequestRow key={request.id} request={request}>
              {below?.(request)}
            </RequestRow>
          ))}
        </ul>
      )}
    </div>
  );
}
