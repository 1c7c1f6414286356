import { MapPin, Plus, Star } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { AddressDto, AddressInput } from "#core/schemas/account.schema.ts";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { api, type User } from "../../state/session";
import { AddressEditRemove } from "./address-actions";
import { type Address, AddressForm, type PostedAddress } from "./address-form";
import { AddressLines, primaryIndex } from "./address-view";
import { LoadError, PanelSkeleton } from "./panel";
import { RemoveAddressDialog } from "./remove-address-dialog";

type Editing = { mode: "add" } | { mode: "edit"; index: number } | null;

/** The list the server drew /account with, from the page session (decision 0034). */
export interface DrawnBook {
  email: string;
  addresses: AddressDto[];
  primaryAddress: AddressDto | null;
}

const NOTICES: Record<
  string,
  "address.added" | "address.updated" | "address.primaryUpdated" | "address.removed"
> = {
  added: "address.added",
  updated: "address.updated",
  primary: "address.primaryUpdated",
  removed: "address.removed",
};

/** The address number `?remove=` asks to confirm, when the list has it. */
const removeAt = (remove: string | null | undefined, count: number) =>
  remove && /^\d{1,4}$/.test(remove) && Number(remove) < count ? Number(remove) : null;

/** Which form is open at first: the one posted back, else the page's `?address=new|<index>`. */
function openAt(posted: PostedAddress | undefined, open: string | null | undefined): Editing {
  if (posted?.intent === "address-add") return { mode: "add" };
  if (posted?.intent === "address-edit" && posted.index !== null)
    return { mode: "edit", index: posted.index };
  if (open === "new") return { mode: "add" };
  return open && /^\d{1,4}$/.test(open) ? { mode: "edit", index: Number(open) } : null;
}

/**
 * SPEC §2 /account Addresses: list, add, edit, remove (with confirmation) and set the primary address.
 * Drawn by the server for a page-session shopper (`drawn`), the add, edit and primary controls are links
 * and forms that work before the script (decision 0034); hydrated, they call the API as before.
 */
export function AddressesTab({
  user,
  drawn = null,
  csrf = "",
  posted,
  open,
  remove: removeParam,
  notice,
}: {
  user: User | null;
  drawn?: DrawnBook | null;
  csrf?: string;
  posted?: PostedAddress;
  open?: string | null;
  /** `?remove=<index>`: the confirmation drawn in the page, so removal works without the script too. */
  remove?: string | null;
  notice?: string | null;
}) {
  const t = useT();
  const [addresses, setAddresses] = useState<Address[] | null>(drawn?.addresses ?? null);
  const [primary, setPrimary] = useState(() =>
    drawn ? primaryIndex(drawn.addresses, drawn.primaryAddress) : -1,
  );
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Editing>(() => {
    const at = openAt(posted, open);
    return at?.mode === "edit" && !drawn?.addresses[at.index] ? null : at;
  });
  const [readOnOpen] = useState(drawn === null);
  const shown = notice ? NOTICES[notice] : undefined;
  const [removing, setRemoving] = useState<number | null>(null);
  // The confirmation the server drew for `?remove=` (a form that posts); hydrated, it still works in place.
  const [confirmDrawn, setConfirmDrawn] = useState(() =>
    drawn ? removeAt(removeParam, drawn.addresses.length) : null,
  );
  const [busy, setBusy] = useState(false);
  const addButton = useRef<HTMLAnchorElement>(null);
  const formArea = useRef<HTMLDivElement>(null);

  const load = useCallback(async (overlay = true) => {
    setFailed(false);
    const result = await api("/api/address/get", {
      loading: overlay,
    });
    if (!result.success) {
      if (result.status !== 401) setFailed(true);
      return;
    }
    const list = Array.isArray(result.addresses) ? result.addresses : [];
    setAddresses(list);
    setPrimary(primaryIndex(list, result.primaryAddress));
  }, []);

  useEffect(() => {
    if (readOnOpen) void load();
  }, [load, readOnOpen]);

  // `?remove=` reached with the list read in the browser (no page session): the dialog asks instead.
  const [askedOnLoad, setAskedOnLoad] = useState(drawn !== null);
  useEffect(() => {
    if (askedOnLoad || !addresses) return;
    setAskedOnLoad(true);
    const at = removeAt(removeParam, addresses.length);
    if (at !== null) setRemoving(at);
  }, [askedOnLoad, addresses, removeParam]);

  useEffect(() => {
    if (editing) formArea.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [editing]);

  function closeForm() {
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  }

  async function save(address: AddressInput): Promise<boolean> {
    const isEdit = editing?.mode === "edit";
    const result = isEdit
      ? await api("/api/address/edit", { body: { addressIndex: editing.index, address } })
      : await api("/api/address/save", { body: { address } });
    if (!result.success) {
      toast.error(t("account.error"), { description: result.message || t("address.saveFailed") });
      return false;
    }
    toast.success(isEdit ? t("address.updated") : t("address.added"));
    closeForm();
    await load(false);
    return true;
  }

  async function remove(index: number) {
    setBusy(true);
    const result = await api("/api/address/remove", { body: { addressIndex: index } });
    setBusy(false);
    setRemoving(null);
    setConfirmDrawn(null);
    if (!result.success) {
      toast.error(t("account.error"), { description: result.message || t("address.removeFailed") });
      return;
    }
    toast.success(t("address.removed"));
    if (editing?.mode === "edit") setEditing(null);
    await load(false);
    requestAnimationFrame(() => addButton.current?.focus());
  }

  async function makePrimary(index: number) {
    setBusy(true);
    const result = await api("/api/address/set-primary", { body: { addressIndex: index } });
    setBusy(false);
    if (!result.success) {
      toast.error(t("account.error"), { description: result.message || t("address.primaryFailed") });
      return;
    }
    toast.success(t("address.primaryUpdated"));
    await load(false);
  }

  if (failed) return <LoadError onRetry={() => void load()} />;
  if (!addresses) return <PanelSkeleton rows={2} />;

  return (
    <div className="flex flex-col gap-6" data-testid="address-book" data-drawn={drawn ? "" : undefined}>
      {shown ? (
        <p
          role="status"
          className="rounded-xl bg-accent/10 px-4 py-3 text-sm text-ink"
          data-testid="form-notice"
        >
          {t(shown)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-md text-sm text-stone">{t("address.intro")}</p>
        {/* A link to the add form, so it opens before (or without) the page's script; hydrated, in place. */}
        <a
          ref={addButton}
          href="?tab=addresses&address=new"
          className={`btn-accent ${editing?.mode === "add" ? "pointer-events-none opacity-60" : ""}`}
          onClick={(event) => {
            event.preventDefault();
            setEditing({ mode: "add" });
          }}
          aria-disabled={editing?.mode === "add" ? true : undefined}
          data-testid="add-address"
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("address.add")}
        </a>
      </div>

      {confirmDrawn !== null && addresses[confirmDrawn] ? (
        <section
          aria-labelledby="remove-address-title"
          className="rounded-2xl border border-sale/40 bg-white/70 p-5"
          data-testid="confirm-remove-drawn"
        >
          <h3 id="remove-address-title" className="text-xl text-ink">
            {t("address.confirmTitle")}
          </h3>
          <p className="mt-2 text-sm text-stone">{t("address.confirm")}</p>
          <div className="mt-3 text-sm">
            <AddressLines address={addresses[confirmDrawn]} />
          </div>
          <form
            method="post"
            action="?tab=addresses"
            className="mt-4 flex flex-wrap justify-end gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void remove(confirmDrawn);
            }}
          >
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="index" value={confirmDrawn} />
            <a
              href="?tab=addresses"
              className="btn-outline"
              onClick={(event) => {
                event.preventDefault();
                setConfirmDrawn(null);
                requestAnimationFrame(() => addButton.current?.focus());
              }}
            >
              {t("account.cancel")}
            </a>
            <button
              type="submit"
              name="intent"
              value="address-remove"
              className="btn bg-sale text-white hover:bg-sale/90"
              disabled={busy}
            >
              {t("address.confirmYes")}
            </button>
          </form>
        </section>
      ) : null}

      <div ref={formArea} className="scroll-mt-28">
        {editing ? (
          <AddressForm
            key={editing.mode === "edit" ? `edit-${editing.index}` : "add"}
            title={editing.mode === "edit" ? t("address.editTitle") : t("address.addTitle")}
            initial={editing.mode === "edit" ? addresses[editing.index] : undefined}
            email={user?.email ?? drawn?.email ?? ""}
            csrf={csrf}
            index={editing.mode === "edit" ? editing.index : undefined}
            posted={posted && openAt(posted, null)?.mode === editing.mode ? posted : undefined}
            onCancel={closeForm}
            onSubmit={save}
          />
        ) : null}
      </div>

      {addresses.length === 0 ? (
        <div
          className="rounded-2xl border border-dashed border-sand-dark px-6 py-12 text-center"
          data-testid="addresses-empty"
        >
          <MapPin className="mx-auto size-10 text-accent" aria-hidden="true" />
          <h3 className="mt-4 text-2xl text-ink">{t("address.empty")}</h3>
          <p className="mt-2 text-sm text-stone">{t("address.emptyText")}</p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="address-list">
          {addresses.map((address, index) => {
            const isPrimary = index === primary;
            const n = index + 1;
            return (
              <li
                key={address._id ?? `${index}-${address.first_name}`}
                className={`flex flex-col justify-between gap-4 rounded-2xl border bg-white/70 p-5 ${
                  isPrimary ? "border-accent" : "border-sand"
                }`}
                data-testid="address-card"
                data-primary={isPrimary}
              >
                <div className="flex items-start justify-between gap-3">
                  <AddressLines address={address} />
                  {isPrimary ? (
                    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-dark">
                      <Star className="size-3.5 fill-current" aria-hidden="true" />
                      {t("address.primary")}
                    </span>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2 border-t border-sand pt-3">
                  <AddressEditRemove
                    n={n}
                    busy={busy}
                    onEdit={() => setEditing({ mode: "edit", index })}
                    editHref={`?tab=addresses&address=${index}`}
                    removeHref={`?tab=addresses&remove=${index}`}
                    onRemove={() => setRemoving(index)}
                  />
                  {!isPrimary ? (
                    <form
                      method="post"
                      onSubmit={(event) => {
                        event.preventDefault();
                        void makePrimary(index);
                      }}
                    >
                      <input type="hidden" name="csrf" value={csrf} />
                      <input type="hidden" name="index" value={index} />
                      <button
                        type="submit"
                        name="intent"
                        value="address-primary"
                        className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-accent-dark hover:bg-accent-soft"
                        aria-label={t("address.setPrimaryNamed", { n })}
                        disabled={busy}
                      >
                        <Star className="size-4" aria-hidden="true" />
                        {t("address.setPrimary")}
                      </button>
                    </form>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <RemoveAddressDialog
        open={removing !== null}
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing !== null && void remove(removing)}
      />
    </div>
  );
}
