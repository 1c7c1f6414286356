import { Check, Heart, Link2, Minus, Plus, ShoppingBag } from "lucide-react";
import { type MouseEvent, useEffect, useState } from "react";

import type { ProductDto, ProductVariantDto } from "#core/catalog.ts";
import { COPY_LINK_CONFIRMATION_MS } from "#core/constants.ts";
import { variantPrices } from "#core/pricing.ts";
import { Link, useLocalNavigate, useT } from "../../lib/i18n";
import { useInWishlist } from "../../state/in-wishlist";

/**
 * The quantity stepper, Add to Cart (SPEC §4: a successful add goes to /cart), Add to Wishlist and the
 * copy-link button. The quantity is the page's: a size change resets it to 1.
 */
export function PurchaseActions({
  product,
  variant,
  quantity,
  onQuantity,
}: {
  product: ProductDto;
  variant: ProductVariantDto | undefined;
  quantity: number;
  onQuantity: (quantity: number) => void;
}) {
  const t = useT();
  const navigate = useLocalNavigate();
  // null until the wishlist is read: the heart can be posted (a duplicate is refused with its notice).
  const inWishlist = useInWishlist(product._id);
  const stock = variant?.stock;
  // 'Stitch it for me' (decision 0042): the panel, its styles fetch and its zod load when she taps it.
  const [Stitch, setStitch] = useState<Awaited<ReturnType<typeof import("./cart-actions").stitchPanel>>>();
  const salePrice = variant ? variantPrices(variant).salePrice : product.salePrice;
  const maxQuantity = stock === null || stock === undefined ? 9999 : Math.max(1, stock);

  // A click on the form's submit buttons or 'Stitch it for me': hydrated, the browser's cart, wishlist or
  // the stitching panel instead of the post or the link. Their code loads on first use (cart-actions.ts).
  const act = (intent: "cart" | "wish" | "stitch") => async (event: MouseEvent) => {
    event.preventDefault();
    const actions = await import("./cart-actions");
    if (intent === "wish") actions.wishProduct(product);
    else if (intent === "stitch") {
      const Panel = await actions.stitchPanel();
      setStitch(() => Panel);
    }
    // SPEC §4: a successful add-to-cart navigates to /cart.
    else if (actions.addProduct(product, variant, quantity, salePrice, t)) navigate("/cart");
  };

  return (
    <>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <fieldset className="flex items-center rounded-full border border-sand-dark">
          <legend className="sr-only">{t("pdp.quantity")}</legend>
          <button
            type="button"
            onClick={() => onQuantity(Math.max(1, quantity - 1))}
            disabled={quantity <= 1}
            className="inline-flex size-12 items-center justify-center rounded-full hover:bg-cream disabled:opacity-40"
            aria-label={t("pdp.decrease")}
          >
            <Minus className="size-4" aria-hidden="true" />
          </button>
          <output className="w-10 text-center font-medium" data-testid="quantity" aria-live="polite">
            {quantity}
          </output>
          <input type="hidden" name="quantity" value={quantity} />
          <button
            type="button"
            onClick={() => onQuantity(Math.min(maxQuantity, quantity + 1))}
            disabled={quantity >= maxQuantity || stock === 0}
            className="inline-flex size-12 items-center justify-center rounded-full hover:bg-cream disabled:opacity-40"
            aria-label={t("pdp.increase")}
          >
            <Plus className="size-4" aria-hidden="true" />
          </button>
        </fieldset>
        {/* Posts the page's form before (or without) the script (decision 0033); hydrated, the browser's cart. */}
        <button
          type="submit"
          name="intent"
          value="cart"
          onClick={act("cart")}
          disabled={stock === 0}
          className="btn-accent h-12 flex-1 disabled:opacity-50"
          data-testid="add-to-cart"
        >
          <ShoppingBag className="size-4" aria-hidden="true" />
          {t("pdp.addToCart")}
        </button>
      </div>
      {product.type === "Unstitched" && (
        // Without the script, a link to the stitching service's request form.
        <Link
          to="/stitching-service#request"
          onClick={act("stitch")}
          className="btn-outline mt-3 h-12 w-full"
          data-testid="stitch-it"
        >
          {t("pdp.stitchItForMe")}
        </Link>
      )}
      {Stitch && (
        <Stitch
          product={product}
          variant={variant}
          quantity={quantity}
          salePrice={salePrice}
          onClose={() => setStitch(undefined)}
        />
      )}
      <div className="mt-3 flex items-center gap-3">
        <button
          type="submit"
          name="intent"
          value="wish"
          onClick={act("wish")}
          disabled={inWishlist === true}
          className="btn-outline h-12 flex-1 disabled:opacity-60"
          data-testid="wishlist-button"
        >
          <Heart className={`size-4 ${inWishlist ? "fill-current" : ""}`} aria-hidden="true" />
          {inWishlist ? t("pdp.inWishlist") : t("pdp.wishlist")}
        </button>
        <CopyLinkButton />
      </div>
    </>
  );
}

/** Copies the page's address; a tick and 'Link copied' say so for a moment (a prompt where copying is refused). */
function CopyLinkButton() {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_LINK_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <button
        type="button"
        className="inline-flex size-12 items-center justify-center rounded-full border border-sand-dark hover:bg-cream"
        aria-label={t("pdp.copyLink")}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(window.location.href);
            setCopied(true);
          } catch {
            window.prompt(t("pdp.copyLink"), window.location.href);
          }
        }}
        data-testid="copy-link"
      >
        {copied ? (
          <Check className="size-5 text-success" aria-hidden="true" />
        ) : (
          <Link2 className="size-5" aria-hidden="true" />
        )}
      </button>
      <span role="status" className={copied ? "text-sm text-success" : "sr-only"}>
        {copied ? t("pdp.linkCopied") : ""}
      </span>
    </>
  );
}
