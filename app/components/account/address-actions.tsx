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
  removeHref,
}: {
  n: number;
  busy: boolean;
  onEdit: () => void;
  /** Starts loading the form before the click, where the form is loaded on demand. */
  onEditIntent?: () => void;
  onRemove: () => void;
  /** Edit as a link to the page's edit form (it opens before, or without, the page's script). */
  editHref?: string;
  /** Remove as a link to the page's confirmation, likewise (decision 0034). */
  removeHref?: string;
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
  const removeClass =
    "inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-sale hover:bg-sale/10";
  const removeContent = (
    <>
      <Trash2 className="size-4" aria-hidden="true" />
      {t("address.remove")}
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
      {removeHref ? (
        <a
          href={removeHref}
          className={`${removeClass} ${busy ? "pointer-events-none opacity-60" : ""}`}
          onClick={(event) => {
            event.preventDefault();
            if (!busy) onRemove();
          }}
          aria-disabled={busy ? true : undefined}
          data-testid="remove-address"
          aria-label={t("address.removeNamed", { n })}
        >
          {removeContent}
        </a>
      ) : (
        <button
          type="button"
          className={removeClass}
          onClick={onRemove}
          data-testid="remove-address"
          aria-label={t("address.removeNamed", { n })}
          disabled={busy}
        >
          {removeContent}
        </button>
      )}
    </>
  );
}
