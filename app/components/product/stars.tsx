import { Star } from "lucide-react";

/** Five stars, the rating's (rounded) number of them filled; decorative, the rating is also in words. */
export function Stars({ rating, size = "size-4" }: { rating: number; size?: string }) {
  return (
    <span className="inline-flex text-accent" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`${size} ${n <= Math.round(rating) ? "fill-current" : "opacity-30"}`} />
      ))}
    </span>
  );
}
