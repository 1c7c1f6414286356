import { MapPin, Plus, Star } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { AddressInput } from "#core/schemas/account.schema.ts";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { api, type User } from "../../state/session";
import { AddressEditRemove } from "./address-actions";
import { type Address, AddressForm } from "./address-form";
import { AddressLines, primaryIndex } from "./address-view";
import { LoadError, PanelSkeleton } from "./panel";
import { RemoveAddressDialog } from "./remove-address-dialog";

type Editing = { mode: "add" } | { mode: "edit"; index: number } | null;

/** SPEC §2 /account Addresses: list, add, edit, remove (with confirmation) and set the primary address. */
export function AddressesTab({ user }: { user: User | null }) {
  const t = useT();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [primary, setPrimary] = useState(-1);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const formArea = useRef<HTMLDivElement>(null);

  const load = useCallback(async (overlay = true) => {
    setFailed(false);
    const result = await api<{ addresses: Address[]; primaryAddress: unknown }>("/api/address/get", {
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
    void load();
  }, [load]);

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
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-md text-sm text-stone">{t("address.intro")}</p>
        <button
          ref={addButton}
          type="button"
          className="btn-accent"
          onClick={() => setEditing({ mode: "add" })}
          disabled={editing?.mode === "add"}
          data-testid="add-address"
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("address.add")}
        </button>
      </div>

      <div ref={formArea} className="scroll-mt-28">
        {editing ? (
          <AddressForm
            key={editing.mode === "edit" ? `edit-${editing.index}` : "add"}
            title={editing.mode === "edit" ? t("address.editTitle") : t("address.addTitle")}
            initial={editing.mode === "edit" ? addresses[editing.index] : undefined}
            email={user?.email ?? ""}
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
                    onRemove={() => setRemoving(index)}
                  />
                  {!isPrimary ? (
                    <button
                      type="button"
                      className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-accent-dark hover:bg-accent-soft"
                      onClick={() => void makePrimary(index)}
                      aria-label={t("address.setPrimaryNamed", { n })}
                      disabled={busy}
                    >
                      <Star className="size-4" aria-hidden="true" />
                      {t("address.setPrimary")}
                    </button>
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
