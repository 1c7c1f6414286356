import { useT } from "../../lib/i18n";
import { TitledDialog } from "../ui/dialog";

/** SPEC §5: removal asks 'Are you sure you want to remove this address?' (account and checkout alike). */
export function RemoveAddressDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <TitledDialog
      open={open}
      onClose={onCancel}
      title={t("address.confirmTitle")}
      description={t("address.confirm")}
      busy={busy}
      testId="confirm-remove"
    >
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onCancel} disabled={busy}>
          {t("account.cancel")}
        </button>
        <button
          type="button"
          className="btn bg-sale text-white hover:bg-sale/90"
          onClick={onConfirm}
          disabled={busy}
        >
          {t("address.confirmYes")}
        </button>
      </div>
    </TitledDialog>
  );
}
