import type { PendingPayment } from "#core/checkout.ts";
import { STORAGE_KEYS } from "#core/constants.ts";
import type { Locale } from "#core/i18n/locale.ts";

/** The record, with the language of the page that started the payment (the return comes back to it). */
export type StoredPendingPayment = PendingPayment & { language?: Locale };

/** SPEC §3: the pending online-payment record lives in browser storage under its own key. */
export function savePendingPayment(record: StoredPendingPayment): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.pendingPayment, JSON.stringify(record));
  } catch {
    // Storage full or unavailable: the server verifies by the payment id alone, so the return still works.
  }
}

/** The stored record, or null when there is none or it cannot be read. */
export function readPendingPayment(): StoredPendingPayment | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.pendingPayment);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingPayment> | null;
    return value && typeof value === "object" && typeof value.paymentId === "string"
      ? (value as StoredPendingPayment)
      : null;
  } catch {
    return null;
  }
}

/** SPEC §4 Payment return: on success the pending record is removed. */
export function removePendingPayment(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.pendingPayment);
  } catch {}
}
