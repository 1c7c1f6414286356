import { stitchText } from "#core/i18n/stitched-lines.ts";
import type { Locale } from "#core/locale.ts";
import type { OrderLineDto } from "#core/order.ts";
import { fromMillimetres, type StitchingSnapshot } from "#core/schemas/measurements.ts";
import type { StitchingChoice } from "#core/stitching-key.ts";
import { useLocalNavigate } from "../../lib/i18n";

/** The choice 'Stitch again' starts from: the same style and profile, the snapshot's measurements as a fallback. */
export function againChoice(s: StitchingSnapshot): StitchingChoice {
  const values: Record<string, number> = {};
  for (const [key, mm] of Object.entries(s.valuesMm)) values[key] = fromMillimetres(mm, s.unit);
  return {
    styleId: s.style.id,
    ...(s.profileId ? { profileId: s.profileId } : {}),
    unit: s.unit,
    values,
    ...(s.note ? { note: s.note } : {}),
  };
}

/**
 * A made-to-measure line on the shopper's order page (issue 29; decision 0042): 'Stitch again', which starts a new cart line with the same fabric, style
 * and profile (the snapshot's measurements when the profile is gone).
 */
export function StitchedOrderLine({ line, locale }: { line: OrderLineDto; locale: Locale }) {
  const navigate = useLocalNavigate();
  const s = line.stitching;
  if (!s) return null;
  const language = locale === "ar" ? "ar" : "en";
  async function again() {
    const { addToCart } = await import("../../state/cart");
    const result = addToCart(
      {
        _id: line.product_id,
        slug: "",
        name: line.name,
        image: line.image,
        // The cart's quote brings today's price, name and link.
        price: 0,
        selectedSize: line.size,
        selectedColor: line.color,
        quantity: 1,
        stitching: againChoice(s!),
      },
      undefined,
    );
    if (result.ok) navigate("/cart");
  }
  // The style, the ready date and the workshop's step are drawn by LineSteps (decision 0041) beside it.
  return (
    <div className="mt-1" data-testid="order-line-stitching">
      <button
        type="button"
        onClick={again}
        className="btn-outline mt-1 h-11 w-fit px-4 text-sm"
        data-testid="stitch-again"
      >
        {stitchText("stitchAgain", language)}
      </button>
    </div>
  );
}
