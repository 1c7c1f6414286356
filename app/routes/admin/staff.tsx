import { useEffect, useRef } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { adminGet, adminSend, attempt } from "../../components/admin/api";
import { ConfirmDialog } from "../../components/admin/confirm-dialog";
import { AdminLoading } from "../../components/admin/loading";
import type { StaffMember } from "../../components/admin/types";
import { buttonClass, Card, Field, inputClass, Notice, PageHeader } from "../../components/admin/ui";
import type { Route } from "./+types/staff";
import type { AdminSession } from "./session.server";

export function meta() {
  return [{ title: "Staff · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminGet<{ staff: StaffMember[] }>("/api/admin/staff", request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  switch (form.get("intent")) {
    case "role":
      return attempt(
        () => adminSend("PATCH", `/api/admin/staff/${text("id")}`, { role: text("role") }),
        "Role changed.",
      );
    case "remove":
      return attempt(
        () => adminSend("DELETE", `/api/admin/staff/${text("id")}`),
        "Removed from the staff: now a customer.",
      );
    default:
      return attempt(
        () =>
          adminSend("POST", "/api/admin/staff", {
            email: text("email"),
            role: text("role"),
            ...(text("name") ? { name: text("name") } : {}),
            ...(text("phone") ? { phone: text("phone") } : {}),
          }),
        "Added to the staff. A new account gets an e-mail to choose its password.",
      );
  }
}

/** Issue 15 (owner): who may use the back office, and as what. */
export default function Staff({ loaderData }: Route.ComponentProps) {
  const session = useRouteLoaderData<AdminSession>("routes/admin/layout");
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== "idle";
  const invite = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) invite.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <PageHeader title="Staff" />
      <div className="mb-4">
        <Notice result={fetcher.data} />
      </div>
      <div className="grid gap-4 xl:grid-cols-[2fr_1fr]">
        <Card title="People with access">
          <ul className="divide-y divide-neutral-100">
            {loaderData.staff.map((member) => {
              const me = member.id === session?.user.id;
              return (
                <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium">
                      {member.name}
                      {me ? " (you)" : ""}
                    </p>
                    <p className="text-sm text-neutral-700">
                      {[member.email, member.phone].filter(Boolean).join(" · ")}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <fetcher.Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={member.id} />
                      <label htmlFor={`role-${member.id}`} className="sr-only">
                        Role of {member.name}
                      </label>
                      <select
                        id={`role-${member.id}`}
                        name="role"
                        defaultValue={member.role}
                        key={member.role}
                        className={inputClass}
                        disabled={me}
                      >
                        <option value="staff">Staff</option>
                        <option value="owner">Owner</option>
                      </select>
                      {!me ? (
                        <button type="submit" className={buttonClass.secondary} disabled={busy}>
                          Change role
                        </button>
                      ) : null}
                    </fetcher.Form>
                    {!me ? (
                      <ConfirmDialog
                        trigger={
                          <button type="button" className={buttonClass.ghost} disabled={busy}>
                            Remove
                          </button>
                        }
                        title={`Remove ${member.name} from the staff?`}
                        description="They keep their customer account but can no longer open the back office."
                        confirmLabel="Remove access"
                        onConfirm={() =>
                          fetcher.submit({ intent: "remove", id: member.id }, { method: "post" })
                        }
                      />
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
        <Card title="Add a person">
          <fetcher.Form method="post" className="flex flex-col gap-3" ref={invite}>
            <input type="hidden" name="intent" value="add" />
            <Field id="staff-email" label="E-mail of their account">
              <input id="staff-email" name="email" type="email" required className={inputClass} />
            </Field>
            <Field
              id="staff-name"
              label="Name (for a new account)"
              hint="Leave name and phone empty to promote an existing account"
            >
              <input
                id="staff-name"
                name="name"
                maxLength={100}
                aria-describedby="staff-name-hint"
                className={inputClass}
              />
            </Field>
            <Field id="staff-phone" label="Phone (for a new account)">
              <input id="staff-phone" name="phone" type="tel" maxLength={40} className={inputClass} />
            </Field>
            <Field id="staff-role" label="Role">
              <select id="staff-role" name="role" defaultValue="staff" className={inputClass}>
                <option value="staff">Staff: everything but staff and settings</option>
                <option value="owner">Owner: everything</option>
              </select>
            </Field>
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              Add
            </button>
          </fetcher.Form>
        </Card>
      </div>
    </>
  );
}
