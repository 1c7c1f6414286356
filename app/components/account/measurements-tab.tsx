import { Plus, Ruler } from "lucide-react";
import { Suspense, useCallback, useEffect, useState } from "react";
import {
  fromMillimetres,
  MEASUREMENTS,
  type MeasurementProfile,
  type MeasurementUnit,
  PROFILES_PER_SHOPPER_MAX,
} from "#core/schemas/measurements.ts";
import { Link, useFormat, useLocale, useLocalNavigate, useT } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { toast } from "../../lib/toast";
import { api } from "../../state/session";
import { MeasurementForm, type PostedMeasurement, type ProfileSubmit } from "./measurement-form";
import { LoadError, PanelSkeleton } from "./panel";

// The guide (its drawing and words) is fetched only when she asks for it.
const GuideDialog = lazy(() => import("./measuring-guide"));
const InlineGuide = lazy(() => import("./measuring-guide").then((m) => ({ default: m.MeasuringGuide })));

/** What the server drew the tab with, from the page session (decision 0034's pattern). */
export interface DrawnProfiles {
  profiles: MeasurementProfile[];
}

const chip = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
    active ? "border-charcoal bg-charcoal text-ivory" : "border-sand-dark text-charcoal hover:bg-cream"
  }`;

/**
 * My Account's measurement profiles (issue 29; decision 0040): a list with each profile's values in the
 * unit asked (`?show=cm|in`, else the profile's own), and the form at `?profile=new|<id>`. Links and forms
 * all work before the script; hydrated, the same links move in place and the form calls the API.
 */
export function MeasurementsTab({
  drawn = null,
  csrf = "",
  posted,
  open,
  show,
  notice,
  guide = false,
}: {
  drawn?: DrawnProfiles | null;
  csrf?: string;
  posted?: PostedMeasurement;
  open?: string | null;
  show?: string | null;
  notice?: string | null;
  /** ?guide=1: the guide drawn in the page (the link's target before the script). */
  guide?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const { date } = useFormat();
  const navigate = useLocalNavigate();
  const [profiles, setProfiles] = useState<MeasurementProfile[] | null>(drawn?.profiles ?? null);
  const [failed, setFailed] = useState(false);
  const [readOnOpen] = useState(drawn === null);
  const [guideOpen, setGuideOpen] = useState(false);
  const showUnit: MeasurementUnit | null = show === "cm" || show === "in" ? show : null;

  const load = useCallback(async () => {
    setFailed(false);
    const result = await api("/api/measurements");
    if (!result.success) {
      if (result.status !== 401) setFailed(true);
      return;
    }
    setProfiles(Array.isArray(result.profiles) ? result.profiles : []);
  }, []);

  useEffect(() => {
    if (readOnOpen) void load();
  }, [load, readOnOpen]);

  if (failed) return <LoadError onRetry={() => void load()} />;
  if (!profiles) return <PanelSkeleton rows={2} />;

  const editing = open === "new" ? null : (profiles.find((p) => p.id === open) ?? null);
  const formOpen = open === "new" || editing !== null || Boolean(posted);

  async function save(input: ProfileSubmit): Promise<Record<string, string> | null> {
    const target = editing ?? (posted?.id ? profiles?.find((p) => p.id === posted.id) : undefined);
    const result = await api(target ? `/api/measurements/${target.id}` : "/api/measurements", {
      method: target ? "PUT" : "POST",
      body: input,
    });
    if (!result.success) {
      const field = typeof result.field === "string" ? result.field.replace(/^values\./, "") : "";
      if (field) return { [field]: result.message || t("profile.mtm.saveFailed") };
      toast.error(t("account.error"), { description: result.message || t("profile.mtm.saveFailed") });
      return {};
    }
    toast.success(t("profile.mtm.profile.saved"));
    await load();
    navigate(`/account?tab=measurements${show ? `&show=${show}` : ""}`, { preventScrollReset: true });
    return null;
  }

  async function remove(profile: MeasurementProfile) {
    if (!window.confirm(t("profile.mtm.removeConfirm", { name: profile.name }))) return;
    const result = await api(`/api/measurements/${profile.id}`, { method: "DELETE" });
    if (!result.success) {
      toast.error(t("account.error"), { description: result.message });
      return;
    }
    toast.success(t("profile.mtm.profile.removed"));
    await load();
  }

  // Before the script, the link draws the guide above the form (?guide=1); hydrated, it opens the dialog.
  const guideHref = `?tab=measurements${open ? `&profile=${open}` : ""}&guide=1`;
  const guideLink = (
    <a
      href={guideHref}
      className="font-medium text-accent-dark underline underline-offset-4"
      onClick={(event) => {
        event.preventDefault();
        setGuideOpen(true);
      }}
      data-testid="guide-link"
    >
      {t("profile.mtm.guideLink")}
    </a>
  );

  const label = (key: string) => {
    const definition = MEASUREMENTS.find((m) => m.key === key);
    return definition ? (locale === "ar" ? definition.ar : definition.en) : key;
  };

  return (
    <div className="flex flex-col gap-6" data-testid="measurements" data-drawn={drawn ? "" : undefined}>
      {notice ? (
        <p
          role="status"
          className="rounded-xl bg-accent/10 px-4 py-3 text-sm text-ink"
          data-testid="form-notice"
        >
          {t(notice === "removed" ? "profile.mtm.profile.removed" : "profile.mtm.profile.saved")}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-md text-sm text-stone">{t("profile.mtm.intro")}</p>
        {profiles.length < PROFILES_PER_SHOPPER_MAX ? (
          <Link
            to="?tab=measurements&profile=new"
            className="btn-accent"
            preventScrollReset
            data-testid="add-profile"
          >
            <Plus className="size-4" aria-hidden="true" />
            {t("profile.mtm.add")}
          </Link>
        ) : null}
      </div>
      <p className="text-sm">{guideLink}</p>
      {guide ? (
        <section aria-labelledby="guide-title" className="rounded-2xl border border-sand p-4">
          <h3 id="guide-title" className="mb-3 text-2xl text-ink">
            {t("profile.mtm.guide.title")}
          </h3>
          <Suspense fallback={<PanelSkeleton rows={2} />}>
            <InlineGuide />
          </Suspense>
        </section>
      ) : null}
      {guideOpen ? (
        <Suspense fallback={null}>
          <GuideDialog open onClose={() => setGuideOpen(false)} />
        </Suspense>
      ) : null}

      {formOpen ? (
        <MeasurementForm
          key={editing?.id ?? "new"}
          profile={editing ?? (posted?.id ? (profiles.find((p) => p.id === posted.id) ?? null) : null)}
          posted={posted}
          csrf={csrf}
          onSubmit={save}
          guide={guideLink}
        />
      ) : null}

      {profiles.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-sand-dark px-6 py-12 text-center">
          <Ruler className="mx-auto size-10 text-accent" aria-hidden="true" />
          <p className="mt-4 text-xl text-ink">{t("profile.mtm.empty")}</p>
        </div>
      ) : (
        <>
          <nav aria-label={t("profile.mtm.show")} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-stone">{t("profile.mtm.show")}</span>
            {(["cm", "in"] as const).map((u) => (
              <Link
                key={u}
                to={`?tab=measurements&show=${u}`}
                className={chip(showUnit === u)}
                aria-current={showUnit === u ? "true" : undefined}
                preventScrollReset
                data-testid={`show-${u}`}
              >
                {t(u === "cm" ? "profile.mtm.unit.cm" : "profile.mtm.unit.in")}
              </Link>
            ))}
          </nav>
          <ul className="grid gap-4 md:grid-cols-2" data-testid="profile-list">
            {profiles.map((profile) => {
              const unit = showUnit ?? profile.unit;
              const unitWord = t(unit === "cm" ? "profile.mtm.unitShort.cm" : "profile.mtm.unitShort.in");
              return (
                <li
                  key={profile.id}
                  className="flex flex-col gap-3 rounded-2xl border border-sand bg-white/70 p-5"
                  data-testid="profile-card"
                >
                  <div>
                    <h3 className="text-xl text-ink">
                      <bdi>{profile.name}</bdi>
                    </h3>
                    <p className="text-xs text-stone">
                      {profile.source === "home_visit" && profile.requestReference
                        ? t("profile.mtm.fromVisit", { reference: profile.requestReference })
                        : t("profile.mtm.updated", { date: date(profile.updatedAt) })}
                    </p>
                  </div>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    {Object.entries(profile.valuesMm).map(([key, mm]) => (
                      <div key={key} className="contents">
                        <dt className="text-stone">{label(key)}</dt>
                        <dd className="text-ink" data-measurement={key}>
                          <bdi>{`${fromMillimetres(mm ?? 0, unit)} ${unitWord}`}</bdi>
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <div className="flex flex-wrap gap-2 border-t border-sand pt-3">
                    <Link
                      to={`?tab=measurements&profile=${profile.id}`}
                      className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-accent-dark hover:bg-accent-soft"
                      preventScrollReset
                      aria-label={`${t("profile.mtm.edit")}: ${profile.name}`}
                    >
                      {t("profile.mtm.edit")}
                    </Link>
                    <form
                      method="post"
                      onSubmit={(event) => {
                        event.preventDefault();
                        void remove(profile);
                      }}
                    >
                      <input type="hidden" name="csrf" value={csrf} />
                      <input type="hidden" name="id" value={profile.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="measurement-delete"
                        className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-sale hover:bg-sale/10"
                        aria-label={`${t("profile.mtm.remove")}: ${profile.name}`}
                      >
                        {t("profile.mtm.remove")}
                      </button>
                    </form>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
