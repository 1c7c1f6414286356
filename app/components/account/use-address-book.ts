import { useCallback, useEffect, useState } from "react";
import type { AddressInput } from "#core/schemas/account.schema.ts";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { type ApiResult, api, getToken } from "../../state/session";
import type { Address } from "./address-form";
import { primaryIndex } from "./address-view";

type ListAnswer = ApiResult<{ addresses: Address[]; primaryAddress: unknown }>;
const readList = (overlay: boolean): Promise<ListAnswer> => api("/api/address/get", { loading: overlay });

/** A read started before any screen showed the list; the next screen to open within 10 s takes it. */
let primed: { at: number; token: string | null; answer: Promise<ListAnswer> } | undefined;
let mounted = 0;

/** Starts reading the list while the screen that shows it is still loading (/checkout's form). */
export function primeAddressBook(): void {
  if (mounted > 0 || primed) return;
  primed = { at: Date.now(), token: getToken(), answer: readList(true) };
}

function takePrimed(): Promise<ListAnswer> | undefined {
  const taken = primed;
  primed = undefined;
  return taken && taken.token === getToken() && Date.now() - taken.at < 10_000 ? taken.answer : undefined;
}

/**
 * The signed-in shopper's saved addresses (SPEC §7 /api/address/*) with the toasts of SPEC §8, for the
 * screens that list and change them. Each change reloads the list, since addresses are referred to by
 * their index (SPEC §3) and the server decides which one is primary (SPEC §4: the first one).
 */
export function useAddressBook() {
  const t = useT();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [primary, setPrimary] = useState(-1);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (overlay = true): Promise<Address[] | null> => {
    setFailed(false);
    const result = await (takePrimed() ?? readList(overlay));
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
    mounted++;
    void load();
    return () => {
      mounted--;
    };
  }, [load]);

  /** Adds an address, or replaces the one at `editIndex`; resolves with the new list when saved. */
  async function save(address: AddressInput, editIndex?: number): Promise<Address[] | null> {
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
  }

  async function remove(index: number): Promise<boolean> {
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
  }

  return { addresses, primary, failed, busy, load, save, remove };
}
