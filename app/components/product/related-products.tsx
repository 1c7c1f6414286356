import { Suspense } from "react";
import { Await } from "react-router";
import type { ProductCardData } from "#core/catalog.ts";
import { RELATED_SKELETON_COUNT } from "#core/constants.ts";
import { useT } from "../../lib/i18n";
import { lazy } from "../../lib/lazy";
import { ProductCardSkeleton } from "../skeleton";

// 'You May Also Like' streams in below the fold; its cards load with it, not with the first paint.
const ProductCard = lazy(() => import("../product-card").then((m) => ({ default: m.ProductCard })));

/** SPEC §2 'You May Also Like': streamed after the page, four skeletons meanwhile. */
export function RelatedProducts({ related }: { related: Promise<ProductCardData[]> }) {
  const t = useT();
  return (
    <section className="mt-20" aria-labelledby="related-title">
      <h2 id="related-title" className="mb-8 text-3xl text-ink">
        {t("pdp.related")}
      </h2>
      <Suspense fallback={<RelatedSkeletons />}>
        <Await resolve={related}>
          {(items: ProductCardData[]) => (
            <div className="grid grid-cols-2 gap-x-4 gap-y-10 lg:grid-cols-4" data-testid="related-products">
              {items.map((item) => (
                <ProductCard key={item._id} product={item} />
              ))}
            </div>
          )}
        </Await>
      </Suspense>
    </section>
  );
}

function RelatedSkeletons() {
  return (
    <div className="grid grid-cols-2 gap-x-4 gap-y-10 lg:grid-cols-4">
      {Array.from({ length: RELATED_SKELETON_COUNT }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
