import { Plus } from "lucide-react";
import { memo, Suspense, useEffect, useRef, useState } from "react";
import type { AddressInput } from "#core/schemas/account.schema.ts";
import { useT } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { AddressEditRemove } from "../account/address-actions";
import type { Address } from "../account/address-form";
import { AddressLines } from "../account/address-view";
import { LoadError, PanelSkeleton } from "../account/panel";
import { RemoveAddressDialog } from "../account/remove-address-dialog";
import type { useAddressBook } from "../account/use-address-book";
import { Choice } from "./choice";

// The form carries the address schema (zod); it loads when a shopper adds or edits an address, so the
// checkout's first paint stays within the JavaScript budget. Once loaded it is drawn without suspending
// (a shopper without addresses sees it with the rest of the page, not after a loading skeleton).
let loadedForm: typeof import("../account/address-form") | undefined;
export const loadAddressForm = () =>
  import("../account/address-form").then((m) => {
    loadedForm = m;
    return m;
  });
export const addressFormLoaded = () => loadedForm !== undefined;
const LazyAddressForm = lazy(() => loadAddressForm().then((m) => ({ default: m.AddressForm })));

type Editing = { mode: "add" } | { mode: "edit"; index: number } | null;

interface DeliverySectionProps {
  book: ReturnType<typeof useAddressBook>;
  email: string;
  selected: number;
  onSelect: (index: number) => void;
}

/**
 * SPEC §2/§4 Delivery Information: the saved addresses with the primary one selected, Add New Address
 * and the accounts screens' add/edit form. With no saved address the form opens at once. After a
 * removal the selection goes back to the first address (SPEC §4). Memoised: a render of the form around
 * it while the address form's code is still coming would make React drop the server's HTML of that form.
 */
export const DeliverySection = memo(function DeliverySection({
  book,
  email,
  selected,
  onSelect,
}: DeliverySectionProps) {
  const t = useT();
  const { addresses, failed, busy } = book;
  // With no saved address the form is open from the first render (SPEC: it opens by itself).
  const [editing, setEditing] = useState<Editing>(() =>
    addresses !== null && addresses.length === 0 ? { mode: "add" } : null,
  );
  const opened = useRef(editing !== null);
  // One component for the section's life: switching from the lazy one would reset a half-filled form.
  const [AddressForm] = useState(() => loadedForm?.AddressForm ?? LazyAddressForm);
  const [removing, setRemoving] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const formArea = useRef<HTMLDivElement>(null);

  const empty = addresses !== null && addresses.length === 0;
  useEffect(() => {
    if (empty) setEditing((current) => current ?? { mode: "add" });
  }, [empty]);

  useEffect(() => {
    // The form that opened with the page is where it is; one the shopper opens is brought into view.
    if (opened.current) {
      opened.current = false;
      return;
    }
    if (editing) formArea.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [editing]);

  function closeForm() {
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  }

  async function save(address: AddressInput): Promise<boolean> {
    const editIndex = editing?.mode === "edit" ? editing.index : undefined;
    const list = await book.save(address, editIndex);
    if (!list) return false;
    closeForm();
    // A new address is the one the shopper means to use; an edited one keeps its place.
    onSelect(editIndex ?? Math.max(0, list.length - 1));
    return true;
  }

  async function remove(index: number) {
    const removed = await book.remove(index);
    setRemoving(null);
    if (!removed) return;
    if (editing?.mode === "edit") setEditing(null);
    onSelect(0);
    requestAnimationFrame(() => addButton.current?.focus());
  }

  return (
    <section
      aria-labelledby="checkout-delivery"
      className="flex flex-col gap-4"
      data-testid="checkout-delivery"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="checkout-delivery" className="text-2xl text-ink sm:text-3xl">
          {t("checkout.delivery")}
        </h2>
        <button
          ref={addButton}
          type="button"
          className="btn-outline disabled:cursor-not-allowed disabled:opacity-50"
          onClick={() => setEditing({ mode: "add" })}
          onPointerEnter={() => void loadAddressForm()}
          onFocus={() => void loadAddressForm()}
          disabled={editing?.mode === "add" || addresses === null}
          data-testid="add-address"
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("address.add")}
        </button>
      </div>

      {failed ? <LoadError onRetry={() => void book.load()} /> : null}
      {!failed && addresses === null ? <PanelSkeleton rows={1} /> : null}
      {empty ? <p className="text-sm text-stone">{t("checkout.addressesEmpty")}</p> : null}

      <div ref={formArea} className="scroll-mt-28">
        {editing ? (
          <Suspense fallback={<PanelSkeleton rows={1} />}>
            <AddressForm
              key={editing.mode === "edit" ? `edit-${editing.index}` : "add"}
              title={editing.mode === "edit" ? t("address.editTitle") : t("address.addTitle")}
              initial={editing.mode === "edit" ? addresses?.[editing.index] : undefined}
              email={email}
              onCancel={closeForm}
              onSubmit={save}
            />
          </Suspense>
        ) : null}
      </div>

      {addresses && addresses.length > 0 ? (
        <fieldset>
          <legend className="sr-only">{t("checkout.deliveryChoose")}</legend>
          <ul className="grid gap-3 lg:grid-cols-2" data-testid="checkout-addresses">
            {addresses.map((address: Address, index) => {
              const n = index + 1;
              return (
                <li key={address._id ?? `${index}-${address.first_name}`} className="flex flex-col gap-1">
                  <Choice
                    name="address"
                    value={String(index)}
                    checked={index === selected}
                    onSelect={() => onSelect(index)}
                    title={
                      <>
                        {[address.first_name, address.last_name].filter(Boolean).join(" ")}
                        {index === book.primary ? (
                          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-dark">
                            {t("address.primary")}
                          </span>
                        ) : null}
                      </>
                    }
                    testId="checkout-address"
                  >
                    <AddressLines address={{ ...address, first_name: "", last_name: "" }} />
                  </Choice>
                  <div className="flex gap-1 ps-2">
                    <AddressEditRemove
                      n={n}
                      busy={busy}
                      onEdit={() => setEditing({ mode: "edit", index })}
                      onEditIntent={() => void loadAddressForm()}
                      onRemove={() => setRemoving(index)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}

      <RemoveAddressDialog
        open={removing !== null}
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing !== null && void remove(removing)}
      />
    </section>
  );
});
