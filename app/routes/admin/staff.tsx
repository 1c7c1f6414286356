import type { FormEvent } from "react";
import { staffAddedText } from "#core/admin-mail-text.ts";
import { adminGet, adminSend } from "../../components/admin/api";
import { ConfirmDialog } from "../../components/admin/confirm-dialog";
import { AdminLoading } from "../../components/admin/loading";
import { ContactLine } from "../../components/admin/phone-link";
import { useAdminSession } from "../../components/admin/session";
import type { AdminRole } from "../../components/admin/types";
import { buttonClass, Card, Field, inputClass, Notice, PageHeader } from "../../components/admin/ui";
import { field, useChange } from "../../components/admin/use-change";
import type { Route } from "./+types/staff";

export function meta() {
  return [{ title: "Staff · Back office" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminGet("/api/admin/staff", request.signal);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Issue 15 (owner): who may use the back office, and as what. */
export default function Staff({ loaderData }: Route.ComponentProps) {
  const session = useAdminSession();
  const { busy, result, run } = useChange();

  function changeRole(event: FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    const role = field(new FormData(event.currentTarget), "role") as AdminRole;
    void run(() => adminSend("PATCH", `/api/admin/staff/${id}`, { role }), "Role changed.");
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const body = {
      email: field(form, "email"),
      role: field(form, "role") as AdminRole,
      ...(field(form, "name") ? { name: field(form, "name") } : {}),
      ...(field(form, "phone") ? { phone: field(form, "phone") } : {}),
    };
    const done = await run(
      () => adminSend("POST", "/api/admin/staff", body),
      (answer) => staffAddedText(answer.mail),
    );
    if (done) formElement.reset();
  }

  return (
    <>
      <PageHeader title="Staff" />
      <div className="mb-4">
        <Notice result={result} />
      </div>
      <div className="grid gap-4 xl:grid-cols-[2fr_1fr]">
        <Card title="People with access">
          <ul className="divide-y divide-neutral-100">
            {loaderData.staff.map((member) => {
              const me = member.id === session.user.id;
              return (
                <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium">
                      {member.name}
                      {me ? " (you)" : ""}
                    </p>
                    <p className="text-sm text-neutral-700">
                      <ContactLine email={member.email} phone={member.phone} />
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <form
                      onSubmit={(event) => changeRole(event, member.id)}
                      className="flex items-center gap-2"
                    >
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
                    </form>
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
                          run(
                            () => adminSend("DELETE", `/api/admin/staff/${member.id}`),
                            "Removed from the staff: now a customer.",
                          )
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
          <form onSubmit={add} className="flex flex-col gap-3">
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
          </form>
        </Card>
      </div>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "../../components/admin/error-boundary";
