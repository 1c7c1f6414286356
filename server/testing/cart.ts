import { createProduct } from "../db/repositories/products.ts";
import { newId } from "../ids.ts";
import type { TestStore } from "./store.ts";

/** Two products whose prices and stock the tests know exactly. */
export async function addCartProducts(store: TestStore) {
  const abaya = {
    id: newId(),
    slug: "test-crepe-abaya",
    name: "Test Crepe Abaya",
    description: "A crepe abaya for the cart tests.",
    type: "Abaya",
    categorySlug: "graceful-abayas",
    fabric: "Crepe",
    colors: ["Black", "Navy"],
    popularity: 10,
    bestseller: false,
    isNew: false,
    isSale: true,
    date: "2026-05-01T00:00:00.000Z",
    createdAt: "2026-05-01T00:00:00.000Z",
    images: [{ id: newId(), url: "/media/test-abaya.svg", alt: "Abaya", width: 800, height: 1000 }],
    variants: [
      // M/54: 450 AED less 20% = 360 AED, 3 in stock.
      { id: newId(), size: "M/54", sku: "TCA-M54", retailPriceFils: 45000, discountPercent: 20, stock: 3 },
      { id: newId(), size: "L/56", sku: "TCA-L56", retailPriceFils: 47500, discountPercent: 0, stock: 0 },
      {
        id: newId(),
        size: "XL/58",
        sku: "TCA-XL58",
        retailPriceFils: 49950,
        discountPercent: 0,
        stock: null,
      },
    ],
  };
  const fabric = {
    ...abaya,
    id: newId(),
    slug: "test-silk-set",
    name: "Test Silk Set",
    type: "Unstitched",
    colors: ["Ivory"],
    isSale: false,
    images: [{ id: newId(), url: "/media/test-silk.svg", alt: "Silk", width: 800, height: 1000 }],
    variants: [
      { id: newId(), size: "Free", sku: "TSS-FREE", retailPriceFils: 29999, discountPercent: 0, stock: 25 },
    ],
  };
  await createProduct(store.database.db, abaya);
  await createProduct(store.database.db, fabric);
  return { abaya, fabric };
}
