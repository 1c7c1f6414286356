import { Check, Heart, Link2, Minus, Plus, ShoppingBag } from "lucide-react";
import { type MouseEvent, useEffect, useState } from "react";

import type { ProductDto, ProductVariantDto } from "#core/catalog.ts";
import { COPY_LINK_CONFIRMATION_MS } from "#core/constants.ts";
import { variantPrices } from "#core/pricing.ts";
import { useLocalNavigate, useT } from "../../lib/i18n";
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
  const salePrice = variant ? variantPrices(variant).salePrice : product.salePrice;
  const maxQuantity = stock === null || stock === undefined ? 9999 : Math.max(1, stock);

  // A click on the form's submit buttons: hydrated, the browser's cart and wishlist instead of the post.
  // Their code loads on first use: the page's first paint does not need it.
  async function onAddToCart(event: MouseEvent) {
    event.preventDefault();
    // SPEC §4: a successful add-to-cart navigates to /cart.
    if ((await import("./cart-actions")).addProduct(product, variant, quantity, salePrice, t))
      navigate("/cart");
  }

  async function onWishlist(event: MouseEvent) {
    event.preventDefault();
    (await import("./cart-actions")).wishProduct(product);
  }

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
          onClick={onAddToCart}
          disabled={stock === 0}
          className="btn-accent h-12 flex-1 disabled:opacity-50"
          data-testid="add-to-cart"
        >
          <ShoppingBag className="size-4" aria-hidden="true" />
          {t("pdp.addToCart")}
        </button>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <button
          type="submit"
          name="intent"
          value="wish"
          onClick={onWishlist}
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
