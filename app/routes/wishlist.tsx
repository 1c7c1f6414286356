import { Heart, X } from "lucide-react";
import { useEffect } from "react";

import type { WishlistItem } from "#core/cart.ts";
import { MediaImage, Price } from "../components/media-image";
import { type CartFormAnswer, drawnWishlist, wishlistFormAction } from "../lib/cart-forms.server";
import { Link, useT } from "../lib/i18n";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import { removeFromWishlist, useWishlist } from "../state/wishlist";
import { signedIn } from "../state/wishlist-store";
import type { Route } from "./+types/wishlist";

/** What the server knows of her wishlist (decision 0033): her account's, or wishes posted without JavaScript. */
export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<{ drawn: WishlistItem[] | null }> {
  return { drawn: await drawnWishlist(request, context) };
}

// A navigation inside the store draws from the browser's wishlist at once, without asking the server.
export function clientLoader(): { drawn: WishlistItem[] | null } {
  return { drawn: null };
}

/** Remove posted before (or without) the page's script (decision 0033). */
export function action(args: Route.ActionArgs) {
  return wishlistFormAction(args);
}

export function meta({ matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    t,
    locale,
    title: `${t("wishlist.title")} | ${shop?.shopName ?? ""}`,
    description: t("wishlist.title"),
    path: "/wishlist",
    noindex: true,
  });
}

/** SPEC §2 /wishlist: a grid of saved products with a remove button; the empty state links to /shop. */
export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const wishlist = useWishlist();
  // Until the browser's storage is read (the server's render and hydration), what the server drew.
  const items = wishlist.ready ? wishlist.items : loaderData.drawn;
  const notice = (actionData as CartFormAnswer | undefined)?.notice;

  // With a token the account's wishlist is read when the page opens (it follows the shopper's devices).
  useEffect(() => {
    if (!signedIn()) return;
    void import("../state/cart-sync").then((m) => m.refreshWishlistFromServer());
  }, []);

  if (!items) {
    return (
      <div className="container-page py-10">
        <h1 className="text-4xl text-ink">{t("wishlist.title")}</h1>
        {/* Without the script, a visitor's wishes are the cookie the server reads: nothing drawn, none. */}
        <noscript>
          <p className="mt-8 text-lg text-charcoal">{t("wishlist.empty")}</p>
          <Link to="/shop" className="btn-primary mt-6">
            {t("wishlist.browse")}
          </Link>
        </noscript>
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
        <Heart className="size-12 text-accent" aria-hidden="true" />
        <h1 className="mt-4 text-4xl text-ink" data-testid="wishlist-empty">
          {t("wishlist.empty")}
        </h1>
        <Link to="/shop" className="btn-primary mt-8">
          {t("wishlist.browse")}
        </Link>
      </section>
    );
  }

  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-4xl text-ink sm:text-5xl">{t("wishlist.title")}</h1>
      {notice && <p role="alert">{notice}</p>}
      <ul
        className="mt-8 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3 lg:grid-cols-4"
        data-testid="wishlist-grid"
      >
        {items.map((item) => (
          <li key={item._id} className="relative flex flex-col" data-testid="wishlist-item">
            <Link to={`/product/${item.slug}`} className="group flex flex-col">
              <div className="overflow-hidden rounded-2xl bg-sand">
                {item.image ? (
                  <MediaImage
                    src={item.image}
                    alt=""
                    width={800}
                    height={1000}
                    sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
                    maxWidth={640}
                    className="aspect-[4/5] w-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                ) : (
                  <span className="block aspect-[4/5]" />
                )}
              </div>
              <h2 className="mt-3 text-lg leading-snug text-ink group-hover:text-accent-dark">{item.name}</h2>
            </Link>
            <div className="mt-1 text-sm">
              <Price
                price={item.price}
                {...(item.salePrice !== undefined ? { salePrice: item.salePrice } : {})}
              />
            </div>
            {/* Posts to the page's action before (or without) the script; hydrated, the browser's wishlist. */}
            <form method="post">
              <input type="hidden" name="productId" value={item._id} />
              <button
                type="submit"
                onClick={(event) => {
                  event.preventDefault();
                  removeFromWishlist(item._id);
                }}
                className="absolute end-2 top-2 inline-flex size-11 items-center justify-center rounded-full bg-ivory/90 text-ink shadow hover:bg-ivory hover:text-sale"
                aria-label={t("wishlist.remove", { item: item.name })}
                data-testid="wishlist-remove"
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </form>
          </li>
        ))}
      </ul>
    </div>
  );
}
