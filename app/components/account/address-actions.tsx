import { Pencil, Trash2 } from "lucide-react";
import { useT } from "../../lib/i18n";

/** Edit and Remove for address number `n` in a list (account Addresses tab and checkout alike). */
export function AddressEditRemove({
  n,
  busy,
  onEdit,
  onEditIntent,
  onRemove,
  editHref,
}: {
  n: number;
  busy: boolean;
  onEdit: () => void;
  /** Starts loading the form before the click, where the form is loaded on demand. */
  onEditIntent?: () => void;
  onRemove: () => void;
  /** Edit as a link to the page's edit form (it opens before, or without, the page's script). */
  editHref?: string;
}) {
  const t = useT();
  const editClass =
    "inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-charcoal hover:bg-cream";
  const editContent = (
    <>
      <Pencil className="size-4" aria-hidden="true" />
      {t("address.edit")}
    </>
  );
  return (
    <>
      {editHref ? (
        <a
          href={editHref}
          className={editClass}
          onClick={(event) => {
            event.preventDefault();
            onEdit();
          }}
          aria-label={t("address.editNamed", { n })}
          data-testid="edit-address"
        >
          {editContent}
        </a>
      ) : (
        <button
          type="button"
          className={editClass}
          onClick={onEdit}
          onPointerEnter={onEditIntent}
          aria-label={t("address.editNamed", { n })}
        >
          {editContent}
        </button>
      )}
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-sale hover:bg-sale/10"
        onClick={onRemove}
        data-testid="remove-address"
        aria-label={t("address.removeNamed", { n })}
        disabled={busy}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {t("address.remove")}
      </button>
    </>
  );
}
