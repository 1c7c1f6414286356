import type { Kysely } from "kysely";
import { createProduct } from "../db/repositories/products.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { freshPhone } from "./accounts.ts";
import type { TestEngine } from "./engines.ts";
import { freePort } from "./ports.ts";
import { createTestStore, type TestStore } from "./store.ts";

export { freePort };

export interface ListeningStore extends TestStore {
  base: string;
}

/**
 * A test store listening on a real port, with PUBLIC_SITE_URL pointing at it: the Paymennt client makes
 * real HTTP calls to the store's own sandbox, as it would to Paymennt.
 */
export async function createListeningStore(
  engine: TestEngine,
  env: Record<string, string> = {},
): Promise<ListeningStore> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const store = await createTestStore(engine, {
    env: { SEED_DEMO: "false", PUBLIC_SITE_URL: base, AUTH_RATE_LIMIT_PER_IP: "100000", ...env },
  });
  await store.app.listen({ host: "127.0.0.1", port });
  return { ...store, base };
}

export interface Answer {
  status: number;
  body: { success?: boolean; message?: string; [key: string]: unknown };
}

/** Calls the store over HTTP as a browser would: JSON body, `token` header. */
export async function api(
  base: string,
  method: "GET" | "POST",
  path: string,
  options: { body?: unknown; token?: string; rawBody?: string; contentType?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.token = options.token;
  if (options.body !== undefined || options.rawBody !== undefined)
    headers["content-type"] = options.contentType ?? "application/json";
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: Answer["body"];
  try {
    body = JSON.parse(text) as Answer["body"];
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body };
}

let shopperCounter = 0;

/** Signs a new shopper up and in; gives the account a verified e-mail (order mails go to it). */
export async function newShopper(
  base: string,
  db: Kysely<Database>,
): Promise<{ id: string; token: string; email: string }> {
  shopperCounter += 1;
  const tag = `${process.pid}${Date.now().toString(36)}${shopperCounter}`;
  const phone = freshPhone();
  const email = `buyer${tag}@example.com`;
  const reg = await api(base, "POST", "/api/user/register", {
    body: { name: `Buyer ${shopperCounter}`, phone, password: "password-1" },
  });
  if (reg.status !== 201 && reg.status !== 200)
    throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await api(base, "POST", "/api/user/login", {
    body: { identifier: phone, password: "password-1" },
  });
  const token = login.body.token as string;
  if (!token) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
  const profile = await api(base, "GET", "/api/user/profile", { token });
  const id = (profile.body.user as { _id: string })._id;
  await db.updateTable("users").set({ email, email_verified: true }).where("id", "=", id).execute();
  return { id, token, email };
}

export interface TestProduct {
  productId: string;
  slug: string;
  name: string;
  variants: { variantId: string; sku: string; size: string }[];
}

let productCounter = 0;

/** A product of our own with known prices and stock per size (fils). */
export async function addTestProduct(
  db: Kysely<Database>,
  options: {
    name?: string;
    variants: { size: string; retailFils: number; discount?: number; stock: number | null }[];
  },
): Promise<TestProduct> {
  productCounter += 1;
  const id = newId();
  const slug = `test-product-${process.pid}-${productCounter}-${id.slice(-6)}`;
  const name = options.name ?? `Test Abaya ${productCounter}`;
  const variants = options.variants.map((v, i) => ({
    id: newId(),
    size: v.size,
    sku: `T${productCounter}-${id.slice(-6)}-${i}`,
    retailPriceFils: v.retailFils,
    discountPercent: v.discount ?? 0,
    stock: v.stock,
  }));
  const at = new Date().toISOString();
  await db
    .insertInto("categories")
    .values({ slug: "abayas", name: "Abayas", description: "", position: 0 })
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
  await createProduct(db, {
    id,
    slug,
    name,
    description: "A product for order tests.",
    type: "Abaya",
    categorySlug: "abayas",
    fabric: "Nida",
    colors: ["Black"],
    popularity: 1,
    bestseller: false,
    isNew: false,
    isSale: false,
    date: at,
    createdAt: at,
    images: [{ id: newId(), url: `/media/products/${slug}-1.webp`, alt: name, width: 1200, height: 1500 }],
    variants,
  });
  return {
    productId: id,
    slug,
    name,
    variants: variants.map((v) => ({ variantId: v.id, sku: v.sku, size: v.size })),
  };
}

export const ADDRESS = {
  first_name: "Amal",
  last_name: "Haddad",
  address: "Villa 12, Street 4, Al Barsha 2",
  landmark: "Near the park",
  city: "Dubai",
  state: "Dubai",
  postcode: "00000",
  country: "UAE",
  email: "ignored@example.com",
  phone: "050 123 4567",
};

/** SPEC §3 order payload for some lines; the client's prices and amounts are deliberately nonsense. */
export function orderPayload(
  lines: { product: TestProduct; size?: string; quantity: number; sku?: string }[],
  extra: Record<string, unknown> = {},
) {
  return {
    userId: "someone-else",
    order_id: "",
    amount: "1",
    address: ADDRESS,
    delivery_type: "next day delivery",
    price: {
      payment_mode: "online",
      currency_code: "AED",
      delivery_type: "next day delivery",
      shipping_charges: "0",
      COD: "0",
      tax: "0",
      extra_charges: "0",
    },
    line_items: lines.map((l) => {
      const variant = l.product.variants.find((v) => v.size === (l.size ?? l.product.variants[0]!.size))!;
      return {
        product_id: l.product.productId,
        sku_id: l.sku ?? variant.sku,
        image: "/media/whatever.webp",
        quantity: String(l.quantity),
        price: "1",
        name: "Cheap thing",
        size: variant.size,
        color: "Black",
      };
    }),
    ...extra,
  };
}

/**
 * Submits the sandbox's card form as a browser would (urlencoded), without following the redirect.
 * Returns the status, the Location (for a paid attempt) and the page text.
 */
export async function submitCard(
  checkoutUrl: string,
  card = "4242 4242 4242 4242",
  fields: Partial<Record<"expiry" | "cvc" | "name", string>> = {},
): Promise<{ status: number; location: string | null; refresh: string | null; html: string }> {
  const form = new URLSearchParams({
    card,
    expiry: fields.expiry ?? "12/39",
    cvc: fields.cvc ?? "123",
    name: fields.name ?? "Amal Haddad",
  });
  const res = await fetch(checkoutUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    refresh: res.headers.get("refresh"),
    html: await res.text(),
  };
}

/** Stock and held units of a variant, as stored. */
export async function stockOf(
  db: Kysely<Database>,
  variantId: string,
): Promise<{ stock: number | null; held: number }> {
  const row = await db
    .selectFrom("product_variants")
    .select(["stock", "held_quantity"])
    .where("id", "=", variantId)
    .executeTakeFirstOrThrow();
  return { stock: row.stock === null ? null : Number(row.stock), held: Number(row.held_quantity) };
}
