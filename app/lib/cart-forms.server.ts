import { data, type RouterContextProvider, redirect } from "react-router";
import { type CartQuoteRequestLine, cartDataEntries, type WishlistItem } from "#core/cart.ts";
import { cartFromCookie } from "#core/cart-cookie.ts";
import { fill } from "#core/i18n/locale.ts";
import { setCookie } from "#core/page-session.ts";
import { PENDING_COOKIE, type Pending } from "#core/pending-cookie.ts";
import { CartAddSchema, WishlistProductSchema } from "#core/schemas/cart.schema.ts";
import { getServices } from "./context";
import {
  fieldErrors,
  inLocale,
  isSecure,
  message,
  pageLocale,
  pageUser,
  refusal,
  text,
} from "./page-forms.server";
import { isSameSitePost } from "./request-forms.server";

/**
 * Add to Cart, the wishlist's heart and its remove button posted without (or before) the page's
 * JavaScript (issue 22, docs/decisions/0033-cart-and-taps-before-javascript.md). The checks are the API's
 * (`CartAddSchema`, `WishlistProductSchema`, the cart service's line and stock rules). A signed-in
 * shopper's (page session, decision 0018) change is written to her server cart or wishlist by the same
 * service calls as `/api/cart/add` and `/api/wishlist/add|remove`; a visitor's goes to the signed pending
 * cookie, which her first hydrated page merges into localStorage (SPEC: a visitor's cart stays local).
 * The product page is publicly cached, so like the request forms the post must come from the shop's own
 * page (Origin, else Sec-Fetch-Site); only the SameSite=Lax page session links it to an account.
 */

/** What the page shows after a refused post (the hydrated page's toast, in the page's language). */
export interface CartFormAnswer {
  notice: string;
}

/** A week: long enough to come back to the shop, short enough not to keep a visitor's choices for ever. */
const PENDING_MAX_AGE = 7 * 86_400;

function refused(status: number, notice: string) {
  return data<CartFormAnswer>({ notice }, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** The page's words for a refused service call: the stock refusal names the stock, as the toast does. */
function refusalText(request: Request, error: unknown): { status: number; text: string } | undefined {
  const locale = pageLocale(request);
  const found = refusal(locale, error);
  if (!found) return undefined;
  if (found.code === "out_of_stock") {
    const n = /\d+/.exec(String((error as Error).message))?.[0] ?? "0";
    const text = `${message(locale, "toast.stockLimit")}: ${fill(message(locale, "toast.stockLimitText"), { n })}`;
    return { status: found.status, text };
  }
  // The cart's sentences (unknown size, no longer available, bag full) have their Arabic twins by wording.
  return { status: found.status, text: inLocale(locale, String((error as Error).message)) };
}

async function pendingCookie(request: Request, context: Readonly<RouterContextProvider>, pending: Pending) {
  const value = await getServices(context).pendingCart.value(pending);
  return setCookie(PENDING_COOKIE, value, {
    maxAge: PENDING_MAX_AGE,
    httpOnly: false,
    secure: isSecure(request),
  });
}

/** The product page's action: `intent=cart` adds the chosen size (answer: /cart), `intent=wish` saves it. */
export async function productFormAction({
  request,
  context,
  params,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { slug?: string };
}) {
  const locale = pageLocale(request);
  const prefix = locale === "ar" ? "/ar" : "";
  if (!isSameSitePost(request)) return refused(403, message(locale, "api.csrf"));
  const form = await request.formData();
  const wish = text(form, "intent") === "wish";
  const services = getServices(context);
  // The page's own product: the form names only the size, quantity and what to do.
  const itemId = (await services.catalog.findProductBySlug(params.slug ?? "", locale))?._id ?? "";
  const user = await pageUser(context, request);
  const pendingCart = services.pendingCart;
  try {
    if (wish) {
      const checked = fieldErrors(WishlistProductSchema, { productId: itemId }, locale);
      if (checked.errors) return refused(400, Object.values(checked.errors)[0] ?? "");
      const back = `${new URL(request.url).pathname}?wished=1`;
      if (user) {
        try {
          await services.cart.addToWishlist(user.id, checked.data.productId);
        } catch (error) {
          // Already saved is the state she asked for.
          if ((error as { code?: string }).code !== "already_in_wishlist") throw error;
        }
        return redirect(back, 303);
      }
      const held = (await pendingCart.read(request.headers.get("cookie"))) ?? pendingCart.empty();
      const next = await pendingCart.addWish(held, checked.data.productId, text(form, "size"));
      return redirect(back, {
        status: 303,
        headers: { "Set-Cookie": await pendingCookie(request, context, next) },
      });
    }
    const quantity = text(form, "quantity").trim();
    const input = {
      itemId,
      quantity: quantity === "" ? 1 : Number(quantity),
      ...(form.has("size") ? { size: text(form, "size") } : {}),
      ...(form.has("color") ? { color: text(form, "color") } : {}),
    };
    const checked = fieldErrors(CartAddSchema, input, locale);
    if (checked.errors) return refused(400, Object.values(checked.errors)[0] ?? "");
    if (user) {
      await services.cart.add(user.id, checked.data);
      return redirect(`${prefix}/cart`, 303);
    }
    const held = (await pendingCart.read(request.headers.get("cookie"))) ?? pendingCart.empty();
    const next = await pendingCart.addLine(held, checked.data);
    return redirect(`${prefix}/cart`, {
      status: 303,
      headers: { "Set-Cookie": await pendingCookie(request, context, next) },
    });
  } catch (error) {
    const found = refusalText(request, error);
    if (!found) throw error;
    return refused(found.status, found.text);
  }
}

/**
 * The lines /cart draws in its first HTML: the browser's copy (core/cart-cookie.ts) with the visitor's
 * pending lines added (the same product, size and colour add up, as her first hydrated page will add
 * them), and a signed-in shopper's server cart (page session) where the copy does not show a line of it.
 * Null when the server knows none of these (the page fills in from the browser's storage).
 */
export async function drawnCartLines(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CartQuoteRequestLine[] | null> {
  const cookie = request.headers.get("cookie");
  const copy = cartFromCookie(cookie);
  const services = getServices(context);
  const pending = await services.pendingCart.read(cookie);
  const user = await pageUser(context, request);
  if (!copy && !pending?.lines.length && !user) return null;
  const lines: CartQuoteRequestLine[] = (copy ?? []).map((l) => ({ ...l }));
  const find = (id: string, size: string, color: string) =>
    lines.find((l) => l.productId === id && l.size === size && (l.color ?? "") === color);
  for (const [productId, size, color, quantity] of pending?.lines ?? []) {
    const same = find(productId, size, color);
    if (same) same.quantity += quantity;
    else lines.push({ productId, size, color, quantity });
  }
  if (user) {
    for (const entry of cartDataEntries(await services.cart.cartData(user.id))) {
      if (!find(entry.productId, entry.size, entry.color)) lines.push({ ...entry });
    }
  }
  return lines.length > 0 || copy ? lines : null;
}

/**
 * The saved products /wishlist draws in its first HTML, each with a remove form that works before the
 * script: a signed-in shopper's account wishlist (page session) and a visitor's pending wishes (with today's
 * names and prices). Null when the server knows neither (the page fills in from the browser's storage).
 */
export async function drawnWishlist(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<WishlistItem[] | null> {
  const services = getServices(context);
  const pending = await services.pendingCart.read(request.headers.get("cookie"));
  const user = await pageUser(context, request);
  if (!user && !pending?.wishes.length) return null;
  const items = user ? await services.cart.wishlist(user.id) : [];
  if (pending?.wishes.length) {
    const lines = pending.wishes.map(([productId, size]) => ({ productId, size, quantity: 1 }));
    const quote = await services.cart.quote({ lines }, pageLocale(request));
    for (const q of quote.lines) {
      if (!q.sku || items.some((i) => i._id === q.productId)) continue;
      const { productId: _id, slug, name, image, price, salePrice } = q;
      items.push({ _id, slug, name, image, price, ...(salePrice !== undefined ? { salePrice } : {}) });
    }
  }
  return items;
}

/** /wishlist's action: removes the posted product from her account's wishlist or the visitor's pending wishes. */
export async function wishlistFormAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const locale = pageLocale(request);
  if (!isSameSitePost(request)) return refused(403, message(locale, "api.csrf"));
  const form = await request.formData();
  const checked = fieldErrors(WishlistProductSchema, { productId: text(form, "productId") }, locale);
  if (checked.errors) return refused(400, Object.values(checked.errors)[0] ?? "");
  const { productId } = checked.data;
  const back = new URL(request.url).pathname;
  const services = getServices(context);
  const user = await pageUser(context, request);
  if (user) {
    try {
      await services.cart.removeFromWishlist(user.id, productId);
    } catch (error) {
      // Not there is the state she asked for.
      if ((error as { code?: string }).code !== "not_in_wishlist") throw error;
    }
    return redirect(back, 303);
  }
  const held = await services.pendingCart.read(request.headers.get("cookie"));
  if (!held) return redirect(back, 303);
  const next = { ...held, wishes: held.wishes.filter(([id]) => id !== productId) };
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": await pendingCookie(request, context, next) },
  });
}
