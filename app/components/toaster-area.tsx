import { useEffect } from "react";
import * as sonner from "sonner";
import { useT } from "../lib/i18n";
import { toasterReady } from "../lib/toast";

/**
 * The notification area itself, loaded with its library by `ToasterAfterHydration` (toaster.tsx). Its
 * name and its close buttons' are the page's language (the library's own are English).
 */
export function ToasterArea() {
  const t = useT();
  // Child effects run before this one: the toaster has subscribed by the time calls are released.
  useEffect(() => toasterReady(sonner), []);
  return (
    <sonner.Toaster
      position="top-center"
      visibleToasts={3}
      duration={4000}
      closeButton
      containerAriaLabel={t("toast.region")}
      toastOptions={{ closeButtonAriaLabel: t("form.close") }}
    />
  );
}
