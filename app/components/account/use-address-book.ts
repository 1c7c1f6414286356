import { useCallback, useEffect, useMemo, useState } from "react";
import type { AddressInput } from "#core/schemas/account.schema.ts";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { countAddressListScreen, readAddressList, takePrimedAddressList } from "../../state/address-list";
import { api } from "../../state/session";
import type { Address } from "./address-form";
import { primaryIndex } from "./address-view";

/**
 * The signed-in shopper's saved addresses (SPEC §7 /api/address/*) with the toasts of SPEC §8, for the
 * screens that list and change them. Each change reloads the list, since addresses are referred to by
 * their index (SPEC §3) and the server decides which one is primary (SPEC §4: the first one).
 */
export function useAddressBook(drawn: { addresses: Address[]; primaryAddress: unknown } | null = null) {
  const t = useT();
  // A list the server drew the page with (/checkout) is the list: it is not read again until it changes.
  const [addresses, setAddresses] = useState<Address[] | null>(drawn?.addresses ?? null);
  const [primary, setPrimary] = useState(() =>
    drawn ? primaryIndex(drawn.addresses, drawn.primaryAddress) : -1,
  );
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [readOnOpen] = useState(drawn === null);

  const load = useCallback(async (overlay = true): Promise<Address[] | null> => {
    setFailed(false);
    const result = await (takePrimedAddressList() ?? readAddressList(overlay));
    if (!result.success) {
      if (result.status !== 401) setFailed(true);
      return null;
    }
    const list = Array.isArray(result.addresses) ? result.addresses : [];
    setAddresses(list);
    setPrimary(primaryIndex(list, result.primaryAddress));
    return list;
  }, []);

  useEffect(() => {
    countAddressListScreen(1);
    if (readOnOpen) void load();
    return () => countAddressListScreen(-1);
  }, [load, readOnOpen]);

  /** Adds an address, or replaces the one at `editIndex`; resolves with the new list when saved. */
  const save = useCallback(
    async (address: AddressInput, editIndex?: number): Promise<Address[] | null> => {
      const isEdit = editIndex !== undefined;
      const result = isEdit
        ? await api("/api/address/edit", { body: { addressIndex: editIndex, address } })
        : await api("/api/address/save", { body: { address } });
      if (!result.success) {
        toast.error(t("account.error"), { description: result.message || t("address.saveFailed") });
        return null;
      }
      toast.success(isEdit ? t("address.updated") : t("address.added"));
      return (await load(false)) ?? [];
    },
    [t, load],
  );

  const remove = useCallback(
    async (index: number): Promise<boolean> => {
      setBusy(true);
      const result = await api("/api/address/remove", { body: { addressIndex: index } });
      setBusy(false);
      if (!result.success) {
        toast.error(t("account.error"), { description: result.message || t("address.removeFailed") });
        return false;
      }
      toast.success(t("address.removed"));
      await load(false);
      return true;
    },
    [t, load],
  );

  // The same object while nothing in it changed, so a screen that hands it down can skip re-rendering.
  return useMemo(
    () => ({ addresses, primary, failed, busy, load, save, remove }),
    [addresses, primary, failed, busy, load, save, remove],
  );
}
