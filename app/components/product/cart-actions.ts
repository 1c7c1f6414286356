import type { ProductDto, ProductVariantDto } from "#core/catalog.ts";
import type { StitchingChoice } from "#core/stitching-key.ts";
import type { T } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { addToCart } from "../../state/cart";
import { addToWishlist } from "../../state/wishlist";

/**
 * What the product page's buttons do once hydrated, loaded on first use (the page's first paint needs
 * none of it): Add to Cart, 'Stitch it for me' (a stitched line, decision 0042) and the heart.
 * True when the line is in the cart.
 */
export function addProduct(
  product: ProductDto,
  variant: ProductVariantDto | undefined,
  quantity: number,
  /** The page's (variantPrices): the pricing module stays in the page's chunk, not a shared one. */
  salePrice: number | undefined,
  t: T,
  stitching?: StitchingChoice,
): boolean {
  if (product.variants.length > 0 && !variant) {
    toast.error(t("toast.selectSize"));
    return false;
  }
  if (variant?.stock === 0) {
    toast.error(t("toast.outOfStock"), { description: t("toast.outOfStockText") });
    return false;
  }
  const result = addToCart(
    {
      _id: product._id,
      slug: product.slug,
      name: product.name,
      image: product.image[0] ?? "",
      price: variant?.retail_price ?? product.price,
      salePrice,
      selectedSize: variant?.filter_value ?? "",
      selectedColor: product.colors[0] ?? "",
      sku: variant?.sku,
      quantity,
      ...(stitching ? { stitching } : {}),
    },
    variant?.stock,
  );
  if (!result.ok) {
    toast.error(t("toast.stockLimit"), { description: t("toast.stockLimitText", { n: result.available }) });
  }
  return result.ok;
}

export function wishProduct(product: ProductDto) {
  addToWishlist({
    _id: product._id,
    slug: product.slug,
    name: product.name,
    image: product.image[0] ?? "",
    price: product.price,
    ...(product.salePrice !== undefined ? { salePrice: product.salePrice } : {}),
  });
}

/** The 'Stitch it for me' panel (its own chunk, with zod): loaded when she taps the button. */
export const stitchPanel = async () => (await import("./stitch-panel")).StitchPanel;
