/** A product card's shape while its data loads (SPEC §2: 9 on the shop, 4 for related products). */
export function ProductCardSkeleton() {
  return (
    <div className="animate-pulse" data-testid="product-skeleton" aria-hidden="true">
      <div className="aspect-[4/5] rounded-2xl bg-sand" />
      <div className="mt-3 h-4 w-3/4 rounded bg-sand" />
      <div className="mt-2 h-4 w-1/3 rounded bg-sand" />
    </div>
  );
}
