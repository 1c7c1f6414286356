import { useState } from "react";
import type { AdminStitchingStyle } from "#core/schemas/stitching-styles.ts";
import { adminGet, adminSend } from "../../components/admin/api";
import { formatFils } from "../../components/admin/format";
import { AdminLoading } from "../../components/admin/loading";
import { useAdminSession } from "../../components/admin/session";
import { type StitchingStyleFields, StitchingStyleForm } from "../../components/admin/stitching-style-form";
import { buttonClass, Card, Notice, PageHeader } from "../../components/admin/ui";
import { useChange } from "../../components/admin/use-change";
import type { Route } from "./+types/stitching-styles";

export function meta() {
  return [{ title: "Stitching styles · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminGet("/api/admin/stitching-styles", request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Saves the style's fields, then its picture when one was chosen. */
async function saveStyle(fields: StitchingStyleFields, id?: string): Promise<AdminStitchingStyle> {
  const saved = await adminSend(
    id ? "PATCH" : "POST",
    id ? `/api/admin/stitching-styles/${id}` : "/api/admin/stitching-styles",
    fields.body,
  );
  if (!fields.picture) return saved.style;
  const form = new FormData();
  form.append("image", fields.picture);
  return (await adminSend("POST", `/api/admin/stitching-styles/${saved.style.id}/image`, form)).style;
}

/**
 * Issue 29 (decision 0041): the stitching styles a shopper may choose for an unstitched fabric. The
 * owner adds, changes and archives them (never deletes: an order keeps the style it was made in); staff
 * read them.
 */
export default function StitchingStyles({ loaderData }: Route.ComponentProps) {
  const { user } = useAdminSession();
  const owner = user.role === "owner";
  const { busy, result, run, setResult } = useChange();
  const [editing, setEditing] = useState<string | null>(null);
  const { styles, fabrics } = loaderData;
  const edited = styles.find((s) => s.id === editing);

  return (
    <>
      <PageHeader title="Stitching styles" />
      <p className="-mt-4 mb-4 text-sm text-neutral-600">
        What a shopper can have an unstitched fabric made into. The price is added to the fabric's; the ready
        date counts the lead time in UAE business days.
      </p>
      <div className="mb-4">
        <Notice result={result} />
      </div>
      <div className="grid gap-4 xl:grid-cols-[3fr_2fr]">
        <Card title="Styles">
          {styles.length === 0 ? (
            <p className="text-sm text-neutral-700">No styles yet.</p>
          ) : (
            <ul className="divide-y divide-neutral-100" data-testid="stitching-style-list">
              {styles.map((s) => (
                <li key={s.id} className="flex gap-3 py-3" data-testid="stitching-style-row">
                  {s.image ? (
                    <img
                      src={`${s.image}?w=240`}
                      alt=""
                      width={64}
                      height={80}
                      className="h-20 w-16 rounded object-cover"
                    />
                  ) : (
                    <span className="flex h-20 w-16 items-center justify-center rounded bg-neutral-100 text-xs text-neutral-600">
                      No picture
                    </span>
                  )}
                  <div className="flex flex-1 flex-col gap-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <strong>{s.name}</strong>
                      {s.nameAr ? (
                        <span dir="rtl" lang="ar" className="text-neutral-700">
                          {s.nameAr}
                        </span>
                      ) : null}
                      {s.active ? null : (
                        <span className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-medium text-neutral-800">
                          Archived
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-neutral-800">
                      {formatFils(s.priceFils)} · {s.leadDays} business days ·{" "}
                      {s.fabricTypes.length > 0 ? s.fabricTypes.join(", ") : "every unstitched fabric"}
                    </p>
                    {owner ? (
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className={buttonClass.secondary}
                          aria-label={`Edit ${s.name}`}
                          onClick={() => {
                            setResult(null);
                            setEditing(s.id);
                          }}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className={buttonClass.secondary}
                          disabled={busy}
                          onClick={() =>
                            void run(
                              () =>
                                adminSend("PATCH", `/api/admin/stitching-styles/${s.id}`, {
                                  active: !s.active,
                                }),
                              s.active ? `${s.name} archived.` : `${s.name} is offered again.`,
                            )
                          }
                        >
                          {s.active ? `Archive ${s.name}` : `Restore ${s.name}`}
                        </button>
                      </div>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {owner ? (
          <Card title={edited ? `Edit ${edited.name}` : "New style"}>
            <StitchingStyleForm
              key={edited?.id ?? "new"}
              fabrics={fabrics}
              {...(edited ? { style: edited, onCancel: () => setEditing(null) } : {})}
              busy={busy}
              onInvalid={(message) => setResult({ ok: false, message })}
              onSave={(fields, form) => {
                void run(() => saveStyle(fields, edited?.id), `${fields.body.name} saved.`).then((done) => {
                  if (!done) return;
                  if (edited) setEditing(null);
                  else form.reset();
                });
              }}
            />
          </Card>
        ) : null}
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
