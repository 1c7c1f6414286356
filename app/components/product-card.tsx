import { Eye } from "lucide-react";

import type { ProductCardData } from "#core/catalog.ts";
import { enLang, Link, useT } from "../lib/i18n";
import { MediaImage, Price } from "./media-image";

export { Price };

function Badge({ children, tone }: { children: string; tone: "sale" | "new" | "limited" | "plain" }) {
  const tones = {
    sale: "bg-sale text-white",
    new: "bg-ink text-ivory",
    limited: "bg-accent-soft text-accent-dark",
    plain: "bg-ivory/90 text-ink",
  };
  return (
    <span
      className={`rounded-full px-2.5 py-1 text-[0.68rem] font-semibold tracking-wider uppercase ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/**
 * SPEC §2 product card: name, image, a Sale badge when on sale, and a quick-view link to the product.
 * The bestseller variant adds New, Sale and an always-on Limited Sale badge, the description and sizes.
 */
export function ProductCard({
  product,
  variant = "plain",
  priority = false,
  later = true,
}: {
  product: ProductCardData;
  variant?: "plain" | "bestseller";
  priority?: boolean;
  /** The card is below a phone's first screen (MediaImage's `later`); the shop's first rows are not. */
  later?: boolean;
}) {
  const t = useT();
  const image = product.images[0];
  const href = `/product/${product.slug}`;
  const onSale = product.salePrice !== undefined;
  return (
    <article className="group relative flex flex-col" data-testid="product-card">
      <div className="relative overflow-hidden rounded-2xl bg-sand">
        {image ? (
          <MediaImage
            src={image.url}
            alt={image.alt}
            width={image.width}
            height={image.height}
            sizes="(min-width: 1024px) 30vw, (min-width: 768px) 33vw, calc(50vw - 1.5rem)"
            maxWidth={960}
            priority={priority}
            later={later}
            className="aspect-[4/5] h-auto w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="aspect-[4/5]" />
        )}
        <div className="absolute start-3 top-3 flex flex-wrap gap-1.5">
          {variant === "bestseller" && product.isNew ? <Badge tone="new">{t("product.new")}</Badge> : null}
          {onSale ? <Badge tone="sale">{t("product.sale")}</Badge> : null}
          {variant === "bestseller" ? <Badge tone="limited">{t("product.limitedSale")}</Badge> : null}
          {product.type === "Unstitched" ? <Badge tone="plain">{t("product.unstitched")}</Badge> : null}
        </div>
        <Link
          to={href}
          className="absolute end-3 bottom-3 inline-flex size-10 items-center justify-center rounded-full bg-ivory/95 text-ink shadow-soft hover:bg-white"
          aria-label={t("product.quickView", { name: product.name })}
        >
          <Eye className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-3 space-y-1">
        <h3 className="font-sans text-[0.95rem] leading-snug font-medium text-ink">
          <Link to={href} className="hover:text-accent-dark">
            <span lang={enLang(product, "name")}>{product.name}</span>
          </Link>
        </h3>
        <Price price={product.price} salePrice={product.salePrice} />
        {variant === "bestseller" ? (
          <>
            <p className="line-clamp-2 text-sm text-stone" lang={enLang(product, "description")}>
              {product.description}
            </p>
            <p className="text-xs text-stone">{t("product.sizes", { sizes: product.sizes.join(", ") })}</p>
          </>
        ) : null}
      </div>
    </article>
  );
}
