/**
 * The demo store's catalogue: three collections and 44 products with sizes, prices, stock and artwork specs.
 * Pure data plus a few helpers, so the seeder, tests and tools can all import it without side effects.
 */
import { type CategorySlug, SIZE_GUIDE, type SizeLabel } from "../core/constants.ts";
import type { ArtworkSpec } from "./artwork.ts";

export interface DemoCategory {
  slug: CategorySlug;
  name: string;
  description: string;
  position: number;
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: "ethnic-elegance",
    name: "Ethnic Elegance",
    description:
      "Pakistani kurta sets, shararas, anarkalis and unstitched lawn, chiffon and khaddar suits, ready for Eid and every celebration in between.",
    position: 1,
  },
  {
    slug: "graceful-abayas",
    name: "Graceful Abayas",
    description:
      "Everyday and evening abayas in nida, crepe, chiffon and linen, cut with room to move and finished with quiet, considered detail.",
    position: 2,
  },
  {
    slug: "designer-jalabiya",
    name: "Designer Jalabiya",
    description:
      "Flowing jalabiyas and kaftans with hand-finished neckline embroidery, made for Ramadan evenings, majlis gatherings and Eid mornings.",
    position: 3,
  },
];

/** The fabrics the shop filter offers (a product's `fabric` is always one of these). */
export const DEMO_FABRICS = [
  "Nida",
  "Crepe",
  "Chiffon",
  "Georgette",
  "Linen",
  "Lawn",
  "Silk",
  "Velvet",
  "Cotton",
  "Khaddar",
  "Organza",
] as const;
export type DemoFabric = (typeof DEMO_FABRICS)[number];

/** The colour palette of the catalogue, with the swatch used for artwork and colour chips. */
export const DEMO_COLORS = {
  Black: "#1d1c1f",
  Beige: "#d8c3a5",
  Navy: "#1f2a44",
  Maroon: "#6b1f2a",
  Emerald: "#1f5e4a",
  Blush: "#e7b9b0",
  Ivory: "#f3ecdf",
  Grey: "#8c8c8f",
  Olive: "#6b6b3a",
  Mustard: "#c99a2e",
  Lilac: "#b7a3c9",
  Teal: "#1f6f73",
} as const;
export type DemoColor = keyof typeof DEMO_COLORS;

/** Thread and trim colours used as artwork accents. */
const ACCENT = {
  gold: "#c8a45c",
  antiqueGold: "#b08d57",
  champagne: "#e6d3ae",
  silver: "#c9c9c9",
  roseGold: "#c98f7a",
  ivory: "#f3ecdf",
  maroon: "#6b1f2a",
  navy: "#1f2a44",
  teal: "#1f6f73",
  blush: "#e7b9b0",
} as const;

export interface DemoVariant {
  size: SizeLabel;
  priceAed: number;
  /** Percent, integer 0..70. */
  discount: number;
  stock: number | null;
}

export interface DemoProduct {
  slug: string;
  name: string;
  description: string;
  type: string;
  category: CategorySlug;
  fabric: DemoFabric;
  colors: DemoColor[];
  popularity: number;
  bestseller: boolean;
  isNew: boolean;
  isSale: boolean;
  /** ISO date-time in 2026. */
  date: string;
  images: ArtworkSpec[];
  variants: DemoVariant[];
}

type SizeCode = "XS" | "S" | "M" | "L" | "XL";
type ViewCode = "f" | "b" | "d" | "l";

const SIZE_BY_CODE: Record<SizeCode, SizeLabel> = {
  XS: "XS/50",
  S: "S/52",
  M: "M/54",
  L: "L/56",
  XL: "XL/58",
};
const VIEW_BY_CODE: Record<ViewCode, ArtworkSpec["view"]> = { f: "front", b: "back", d: "detail", l: "flat" };

interface ProductDef {
  slug: string;
  name: string;
  type: string;
  category: CategorySlug;
  fabric: DemoFabric;
  colors: DemoColor[];
  kind: ArtworkSpec["kind"];
  pattern: ArtworkSpec["pattern"];
  accent: string;
  /** Image views in order, e.g. "fbdl" = front, back, detail, flat. */
  views: string;
  /** Price of the first size in AED. */
  price: number;
  sizes: SizeCode[];
  stock: (number | null)[];
  /** One discount for every size, or one per size. */
  discount?: number | number[];
  /** Larger sizes (L, XL) cost a little more. */
  upcharge?: boolean;
  popularity: number;
  bestseller?: boolean;
  isNew?: boolean;
  date: string;
  description: string;
}

/** FNV-1a, 32-bit: a small stable hash for seeds and SKUs. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A stable, readable SKU: slug initials, a two-character hash of the slug, and the size without its slash,
 * e.g. "NCA4K-M54". Unique across the demo catalogue (a test checks it).
 */
export function skuFor(slug: string, size: string): string {
  const words = slug.split("-").filter((w) => /^[a-z]/i.test(w));
  const initials = words
    .slice(0, 3)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  const tag = (hash32(slug) % 1296).toString(36).toUpperCase().padStart(2, "0");
  const sizePart = size.replace(/[^a-z0-9]/gi, "").toUpperCase();
  return `${initials}${tag}-${sizePart}`;
}

function upchargeFor(price: number, sizeIndex: number): number {
  if (sizeIndex < 3) return 0;
  const step = Math.max(5, Math.round((price * 0.04) / 5) * 5);
  return step * (sizeIndex - 2);
}

function build(def: ProductDef): DemoProduct {
  if (def.stock.length !== def.sizes.length) throw new Error(`${def.slug}: one stock value per size`);
  const given = def.discount;
  const discounts: number[] = Array.isArray(given) ? given : def.sizes.map(() => given ?? 0);
  if (discounts.length !== def.sizes.length) throw new Error(`${def.slug}: one discount per size`);
  const variants: DemoVariant[] = def.sizes.map((code, i) => {
    const size = SIZE_BY_CODE[code];
    const sizeIndex = SIZE_GUIDE.indexOf(size);
    return {
      size,
      priceAed: def.price + (def.upcharge ? upchargeFor(def.price, sizeIndex) : 0),
      discount: discounts[i]!,
      stock: def.stock[i]!,
    };
  });
  const base = DEMO_COLORS[def.colors[0]!];
  const seed = hash32(def.slug);
  const images: ArtworkSpec[] = [...def.views].map((code, i) => ({
    kind: def.kind,
    base,
    accent: def.accent,
    pattern: def.pattern,
    view: VIEW_BY_CODE[code as ViewCode],
    seed: (seed + i * 7919) % 1_000_000,
  }));
  return {
    slug: def.slug,
    name: def.name,
    description: def.description,
    type: def.type,
    category: def.category,
    fabric: def.fabric,
    colors: def.colors,
    popularity: def.popularity,
    bestseller: def.bestseller ?? false,
    isNew: def.isNew ?? false,
    isSale: variants.some((v) => v.discount > 0),
    date: def.date,
    images,
    variants,
  };
}

const ALL: SizeCode[] = ["XS", "S", "M", "L", "XL"];
const S_TO_XL: SizeCode[] = ["S", "M", "L", "XL"];
const XS_TO_L: SizeCode[] = ["XS", "S", "M", "L"];
const S_M_L: SizeCode[] = ["S", "M", "L"];
const ONE: SizeCode[] = ["M"];

const ABAYAS: ProductDef[] = [
  {
    slug: "noor-crepe-abaya",
    name: "Noor Crepe Abaya",
    type: "Abaya",
    category: "graceful-abayas",
    fabric: "Crepe",
    colors: ["Black"],
    kind: "abaya",
    pattern: "plain",
    accent: ACCENT.gold,
    views: "fbdl",
    price: 420,
    sizes: ALL,
    stock: [14, 32, 48, 27, 9],
    popularity: 968,
    bestseller: true,
    date: "2026-01-12T09:00:00.000Z",
    description:
      "Our signature everyday abaya in a soft, matte crepe that falls straight and never clings. A closed front with a hidden press-stud placket, gently widened sleeves and a fine gold piping along the cuffs keep it polished from the school run to dinner. Pair it with a black or nude shayla.",
  },
  {
    slug: "layla-embroidered-nida-abaya",
    name: "Layla Embroidered Nida Abaya",
    type: "Abaya",
    category: "graceful-abayas",
    fabric: "Nida",
    colors: ["Black", "Navy"],
    kind: "abaya",
    pattern: "embroidery",
    accent: ACCENT.gold,
    views: "fdbl",
    price: 560,
    sizes: ALL,
    stock: [6, 18, 25, 22, 0],
    upcharge: true,
    popularity: 902,
    bestseller: true,
    date: "2026-02-03T10:30:00.000Z",
    description:
      "Premium Japanese-style nida with a fluid drape and a whisper of sheen. A vine of antique-gold thread runs down the front placket and around the cuffs and hem, worked densely enough to read as couture without adding weight. Lightweight and breathable for long days out.",
  },
  {
    slug: "reem-linen-open-abaya",
    name: "Reem Linen Open Abaya",
    type: "Open Abaya",
    category: "graceful-abayas",
    fabric: "Linen",
    colors: ["Beige", "Ivory"],
    kind: "abaya",
    pattern: "plain",
    accent: ACCENT.antiqueGold,
    views: "flb",
    price: 380,
    sizes: S_TO_XL,
    stock: [12, 20, 16, 4],
    popularity: 644,
    date: "2026-03-18T08:15:00.000Z",
    description:
      "A relaxed open abaya in washed linen, the coolest layer you can wear through a UAE summer. It is cut straight with dropped shoulders and comes with a self-tie belt so you can wear it loose or softly cinched. Linen creases beautifully; a quick steam brings it back.",
  },
  {
    slug: "safa-kimono-abaya",
    name: "Safa Kimono Abaya",
    type: "Kimono Abaya",
    category: "graceful-abayas",
    fabric: "Crepe",
    colors: ["Navy"],
    kind: "abaya",
    pattern: "geometric",
    accent: ACCENT.silver,
    views: "fdb",
    price: 495,
    sizes: ALL,
    stock: [3, 11, 24, 19, 7],
    popularity: 811,
    bestseller: true,
    date: "2026-02-21T12:00:00.000Z",
    description:
      "Kimono sleeves and a straight, easy body in deep navy crepe, printed with a tonal eight-point star lattice in soft silver. The print is subtle from a distance and rewarding up close. Wear it open over a slip dress or closed with the inner ties.",
  },
  {
    slug: "mira-butterfly-abaya",
    name: "Mira Butterfly Abaya",
    type: "Butterfly Abaya",
    category: "graceful-abayas",
    fabric: "Chiffon",
    colors: ["Grey", "Black"],
    kind: "abaya",
    pattern: "lace",
    accent: ACCENT.silver,
    views: "fbdlf",
    price: 610,
    sizes: XS_TO_L,
    stock: [0, 9, 15, 21],
    discount: 20,
    popularity: 577,
    date: "2026-04-07T15:45:00.000Z",
    description:
      "Double-layer chiffon cut in the butterfly shape, so the sleeves open like wings when you raise your arms. Scalloped lace edges the cuffs and hem for a soft, feminine finish. The inner layer is fully opaque; the outer layer floats.",
  },
  {
    slug: "hessa-lace-trim-abaya",
    name: "Hessa Lace-Trim Abaya",
    type: "Abaya",
    category: "graceful-abayas",
    fabric: "Nida",
    colors: ["Black"],
    kind: "abaya",
    pattern: "lace",
    accent: ACCENT.champagne,
    views: "fdlb",
    price: 690,
    sizes: ALL,
    stock: [8, 22, 35, 0, 0],
    popularity: 855,
    bestseller: true,
    date: "2026-01-28T11:20:00.000Z",
    description:
      "Classic black nida framed with a champagne guipure lace at the sleeves, placket and hem. The lace is hand-applied and backed so it sits flat and does not catch. Larger sizes are back in stock shortly.",
  },
  {
    slug: "dana-velvet-evening-abaya",
    name: "Dana Velvet Evening Abaya",
    type: "Abaya",
    category: "graceful-abayas",
    fabric: "Velvet",
    colors: ["Maroon", "Black"],
    kind: "abaya",
    pattern: "embroidery",
    accent: ACCENT.gold,
    views: "fdbld",
    price: 1250,
    sizes: S_TO_XL,
    stock: [5, 13, 10, 2],
    upcharge: true,
    popularity: 734,
    bestseller: true,
    isNew: true,
    date: "2026-10-24T18:00:00.000Z",
    description:
      "A winter evening abaya in plush micro-velvet the colour of dark wine. Zardozi-inspired gold embroidery borders the front, cuffs and hem, and the lining is smooth satin so it slips on over anything. Made for weddings, gala dinners and cool desert nights.",
  },
  {
    slug: "alia-georgette-open-abaya",
    name: "Alia Georgette Open Abaya",
    type: "Open Abaya",
    category: "graceful-abayas",
    fabric: "Georgette",
    colors: ["Olive", "Beige"],
    kind: "abaya",
    pattern: "floral",
    accent: ACCENT.champagne,
    views: "fl",
    price: 450,
    sizes: S_M_L,
    stock: [17, 26, 12],
    discount: 15,
    popularity: 402,
    date: "2026-05-09T09:40:00.000Z",
    description:
      "Soft olive georgette scattered with small champagne blossoms, cut as an open abaya with a long, slim belt. It layers easily over jeans and a tunic or a simple maxi dress. A light, airy choice for spring gatherings.",
  },
  {
    slug: "yasmin-silk-kimono-abaya",
    name: "Yasmin Silk Kimono Abaya",
    type: "Kimono Abaya",
    category: "graceful-abayas",
    fabric: "Silk",
    colors: ["Emerald"],
    kind: "abaya",
    pattern: "paisley",
    accent: ACCENT.gold,
    views: "fdbl",
    price: 1480,
    sizes: XS_TO_L,
    stock: [2, 6, 8, 3],
    popularity: 689,
    isNew: true,
    date: "2026-11-02T10:00:00.000Z",
    description:
      "Pure silk twill in a jewel emerald, woven with a gold paisley that catches the light as you move. The kimono cut is generous through the body with deep sleeves and a soft shawl collar. Dry clean only; a true heirloom piece.",
  },
  {
    slug: "maha-everyday-nida-abaya",
    name: "Maha Everyday Nida Abaya",
    type: "Abaya",
    category: "graceful-abayas",
    fabric: "Nida",
    colors: ["Black", "Grey", "Navy"],
    kind: "abaya",
    pattern: "plain",
    accent: ACCENT.silver,
    views: "fbl",
    price: 185,
    sizes: ALL,
    stock: [40, 85, 120, 96, 52],
    popularity: 991,
    bestseller: true,
    date: "2026-01-05T07:30:00.000Z",
    description:
      "The abaya you will reach for every morning: light nida, a clean round neck, straight sleeves and deep side pockets. It washes at 30 degrees, dries quickly and barely needs an iron. Available in three quiet colours.",
  },
  {
    slug: "sara-pleated-butterfly-abaya",
    name: "Sara Pleated Butterfly Abaya",
    type: "Butterfly Abaya",
    category: "graceful-abayas",
    fabric: "Chiffon",
    colors: ["Blush", "Beige"],
    kind: "abaya",
    pattern: "plain",
    accent: ACCENT.roseGold,
    views: "fbd",
    price: 530,
    sizes: S_TO_XL,
    stock: [11, 0, 7, 14],
    discount: 25,
    popularity: 366,
    date: "2026-06-14T13:10:00.000Z",
    description:
      "Fine sunray pleats run from the shoulders to the hem of this blush chiffon butterfly abaya, so it moves beautifully and packs without creasing. A slim rose-gold piping outlines the sleeves. Wear it with a matching blush shayla for a soft, tonal look.",
  },
  {
    slug: "ghalia-pearl-cuff-abaya",
    name: "Ghalia Pearl-Cuff Abaya",
    type: "Abaya",
    category: "graceful-abayas",
    fabric: "Crepe",
    colors: ["Black"],
    kind: "abaya",
    pattern: "embroidery",
    accent: ACCENT.champagne,
    views: "fdb",
    price: 780,
    sizes: ALL,
    stock: [4, 12, 19, 16, 8],
    popularity: 876,
    bestseller: true,
    isNew: true,
    date: "2026-10-08T16:25:00.000Z",
    description:
      "Heavy black crepe with wide cuffs hand-beaded in tiny ivory pearls and champagne thread, echoed in a fine border at the hem. The weight of the crepe keeps the line long and elegant. An occasion abaya that still feels easy to wear.",
  },
  {
    slug: "rawda-linen-kimono-abaya",
    name: "Rawda Linen Kimono Abaya",
    type: "Kimono Abaya",
    category: "graceful-abayas",
    fabric: "Linen",
    colors: ["Ivory", "Beige"],
    kind: "abaya",
    pattern: "plain",
    accent: ACCENT.antiqueGold,
    views: "flbd",
    price: 340,
    sizes: XS_TO_L,
    stock: [21, 28, 33, 18],
    popularity: 798,
    bestseller: true,
    date: "2026-04-22T08:50:00.000Z",
    description:
      "An ivory linen kimono abaya for the hottest months, with a relaxed fit, three-quarter kimono sleeves and side slits for easy walking. The natural slub of the linen gives it a quiet texture. Wear it open as a light layer or belted.",
  },
  {
    slug: "amal-organza-sleeve-abaya",
    name: "Amal Organza-Sleeve Abaya",
    type: "Abaya",
    category: "graceful-abayas",
    fabric: "Organza",
    colors: ["Navy", "Black"],
    kind: "abaya",
    pattern: "lace",
    accent: ACCENT.silver,
    views: "fdbl",
    price: 920,
    sizes: S_TO_XL,
    stock: [null, 6, 9, 5],
    discount: 10,
    popularity: 512,
    date: "2026-08-30T19:00:00.000Z",
    description:
      "A navy crepe body with full organza sleeves that add volume without weight, finished with a scalloped silver lace cuff. The contrast between matte crepe and crisp organza is quietly dramatic. Ideal for evening events and Eid visits.",
  },
  {
    slug: "jumana-pinstripe-open-abaya",
    name: "Jumana Pinstripe Open Abaya",
    type: "Open Abaya",
    category: "graceful-abayas",
    fabric: "Crepe",
    colors: ["Grey"],
    kind: "abaya",
    pattern: "stripes",
    accent: ACCENT.ivory,
    views: "fb",
    price: 310,
    sizes: ALL,
    stock: [0, 3, 10, 13, 1],
    discount: 30,
    popularity: 288,
    date: "2026-07-03T10:05:00.000Z",
    description:
      "Tailored grey crepe with a fine ivory pinstripe, cut like a long open coat with notched cuffs. It brings a sharp, office-ready line to modest dressing. Pair it with a white shirt and wide trousers.",
  },
  {
    slug: "nadia-embellished-bisht-abaya",
    name: "Nadia Embellished Bisht Abaya",
    type: "Abaya",
    category: "graceful-abayas",
    fabric: "Georgette",
    colors: ["Black", "Maroon"],
    kind: "abaya",
    pattern: "embroidery",
    accent: ACCENT.gold,
    views: "fdbldf",
    price: 1850,
    sizes: S_M_L,
    stock: [2, 4, 1],
    popularity: 623,
    bestseller: true,
    isNew: true,
    date: "2026-11-14T17:30:00.000Z",
    description:
      "Inspired by the traditional bisht, this statement abaya in layered georgette carries a broad band of gold zari embroidery down both front edges and around the sleeves. Each piece takes our atelier several days to finish. Made in small numbers for the wedding season.",
  },
];

const ETHNIC: ProductDef[] = [
  {
    slug: "zareen-embroidered-lawn-suit",
    name: "Zareen Embroidered Lawn Suit",
    type: "Lawn Suit",
    category: "ethnic-elegance",
    fabric: "Lawn",
    colors: ["Mustard", "Teal"],
    kind: "kurta",
    pattern: "embroidery",
    accent: ACCENT.maroon,
    views: "fbdl",
    price: 340,
    sizes: ALL,
    stock: [9, 21, 30, 24, 11],
    popularity: 845,
    bestseller: true,
    date: "2026-03-02T09:00:00.000Z",
    description:
      "A three-piece stitched lawn suit in sunny mustard: a straight kurta with a maroon thread-embroidered neckline and daman, matching cigarette trousers and a printed chiffon dupatta. Breathable, fully washable and made for warm days.",
  },
  {
    slug: "mehr-chikankari-kurta-set",
    name: "Mehr Chikankari Kurta Set",
    type: "Kurta Set",
    category: "ethnic-elegance",
    fabric: "Cotton",
    colors: ["Ivory", "Blush"],
    kind: "kurta",
    pattern: "embroidery",
    accent: ACCENT.antiqueGold,
    views: "fdb",
    price: 290,
    sizes: ALL,
    stock: [13, 25, 40, 28, 15],
    popularity: 760,
    isNew: true,
    date: "2026-10-15T11:30:00.000Z",
    description:
      "Soft ivory cotton kurta with delicate chikankari-style shadow work around the neckline and front, paired with straight trousers and a light cotton dupatta. An easy, graceful set for Jummah, family lunches and summer evenings.",
  },
  {
    slug: "rania-gota-sharara-set",
    name: "Rania Gota Sharara Set",
    type: "Sharara Set",
    category: "ethnic-elegance",
    fabric: "Georgette",
    colors: ["Blush"],
    kind: "sharara",
    pattern: "embroidery",
    accent: ACCENT.gold,
    views: "fdbl",
    price: 1150,
    sizes: XS_TO_L,
    stock: [3, 8, 12, 6],
    upcharge: true,
    popularity: 715,
    isNew: true,
    date: "2026-11-06T14:00:00.000Z",
    description:
      "A short blush georgette kurta over full, flowing shararas gathered at the knee with a band of gold gota. The neckline and hem are finished with hand-laid gota and sequins, and the organza dupatta is edged to match. Made for mehndi nights and Eid.",
  },
  {
    slug: "ayesha-flared-anarkali",
    name: "Ayesha Flared Anarkali",
    type: "Anarkali",
    category: "ethnic-elegance",
    fabric: "Chiffon",
    colors: ["Maroon", "Emerald"],
    kind: "kurta",
    pattern: "embroidery",
    accent: ACCENT.gold,
    views: "fdblf",
    price: 1390,
    sizes: S_TO_XL,
    stock: [4, 7, 0, 2],
    popularity: 682,
    date: "2026-09-12T18:20:00.000Z",
    description:
      "A floor-grazing anarkali in deep maroon chiffon with a fitted bodice and a full, twirling skirt. Gold embroidery traces the yoke, cuffs and hem, and the set includes churidar trousers and a chiffon dupatta. Fully lined for comfort.",
  },
  {
    slug: "sana-printed-lawn-suit",
    name: "Sana Printed Lawn Suit",
    type: "Lawn Suit",
    category: "ethnic-elegance",
    fabric: "Lawn",
    colors: ["Lilac"],
    kind: "kurta",
    pattern: "floral",
    accent: ACCENT.navy,
    views: "fl",
    price: 260,
    sizes: ALL,
    stock: [15, 27, 38, 30, 12],
    discount: 20,
    popularity: 594,
    date: "2026-04-30T10:10:00.000Z",
    description:
      "Fine combed lawn in a fresh lilac, digitally printed with small navy blossoms. The stitched set includes a straight kurta, trousers with a printed border and a lightweight dupatta. A cool, cheerful choice for everyday wear.",
  },
  {
    slug: "hira-khaddar-kurta-set",
    name: "Hira Khaddar Kurta Set",
    type: "Kurta Set",
    category: "ethnic-elegance",
    fabric: "Khaddar",
    colors: ["Olive", "Maroon"],
    kind: "kurta",
    pattern: "paisley",
    accent: ACCENT.champagne,
    views: "fbd",
    price: 320,
    sizes: S_M_L,
    stock: [18, 23, 14],
    discount: 10,
    popularity: 433,
    date: "2026-01-20T12:40:00.000Z",
    description:
      "A warm winter kurta set in textured khaddar, block-printed with a champagne paisley on deep olive. Straight trousers and a soft shawl-style dupatta complete the look. Cosy enough for cool December evenings.",
  },
  {
    slug: "fiza-silk-sharara-set",
    name: "Fiza Silk Sharara Set",
    type: "Sharara Set",
    category: "ethnic-elegance",
    fabric: "Silk",
    colors: ["Emerald"],
    kind: "sharara",
    pattern: "geometric",
    accent: ACCENT.gold,
    views: "fdb",
    price: 1690,
    sizes: S_M_L,
    stock: [1, 5, 3],
    popularity: 558,
    date: "2026-08-11T16:00:00.000Z",
    description:
      "Raw silk in a rich emerald, woven with a fine gold geometric jaal. The short kurta sits over wide, fluid shararas, and the tissue dupatta adds a soft shimmer. An elegant choice for walima and Eid evenings.",
  },
  {
    slug: "noreen-organza-anarkali",
    name: "Noreen Organza Anarkali",
    type: "Anarkali",
    category: "ethnic-elegance",
    fabric: "Organza",
    colors: ["Ivory", "Lilac"],
    kind: "kurta",
    pattern: "lace",
    accent: ACCENT.antiqueGold,
    views: "fdb",
    price: 1560,
    sizes: XS_TO_L,
    stock: [0, 0, 4, 2],
    popularity: 347,
    date: "2026-07-19T13:30:00.000Z",
    description:
      "Layers of ivory organza over a silk slip, with a scalloped antique-gold lace border that frames every hem. The anarkali comes with a matching dupatta and straight trousers. Soft, romantic and ideal for nikkah ceremonies.",
  },
  {
    slug: "kiran-velvet-kurta-set",
    name: "Kiran Velvet Kurta Set",
    type: "Kurta Set",
    category: "ethnic-elegance",
    fabric: "Velvet",
    colors: ["Navy"],
    kind: "kurta",
    pattern: "embroidery",
    accent: ACCENT.silver,
    views: "fdl",
    price: 980,
    sizes: S_TO_XL,
    stock: [6, 10, 8, 3],
    discount: 25,
    popularity: 461,
    date: "2026-02-14T19:15:00.000Z",
    description:
      "Midnight navy velvet kurta with silver tilla embroidery at the neckline and sleeves, paired with raw-silk trousers and an embroidered net dupatta. Rich, warm and festive for winter weddings.",
  },
  {
    slug: "gulnaz-unstitched-lawn-3-piece",
    name: "Gulnaz Unstitched Lawn 3-Piece",
    type: "Unstitched",
    category: "ethnic-elegance",
    fabric: "Lawn",
    colors: ["Teal", "Ivory"],
    kind: "fabric",
    pattern: "floral",
    accent: ACCENT.ivory,
    views: "fldb",
    price: 210,
    sizes: ONE,
    stock: [64],
    discount: 15,
    popularity: 872,
    bestseller: true,
    date: "2026-03-25T08:00:00.000Z",
    description:
      "An unstitched summer lawn suit: 3 metres of printed teal lawn for the shirt, 2.5 metres of dyed cotton for the trousers and a 2.5-metre printed chiffon dupatta. The floral print is colour-fast and soft from the first wash. Have it tailored to your measurements with our stitching service.",
  },
  {
    slug: "shireen-unstitched-chiffon-3-piece",
    name: "Shireen Unstitched Chiffon 3-Piece",
    type: "Unstitched",
    category: "ethnic-elegance",
    fabric: "Chiffon",
    colors: ["Blush", "Ivory"],
    kind: "fabric",
    pattern: "embroidery",
    accent: ACCENT.gold,
    views: "fdl",
    price: 480,
    sizes: ONE,
    stock: [18],
    popularity: 621,
    isNew: true,
    date: "2026-10-30T12:00:00.000Z",
    description:
      "Embroidered blush chiffon for a formal shirt, with a separately embroidered daman and sleeve borders, silk trousers fabric and an organza dupatta with a gold border. Every panel comes cut to length so your tailor can place the embroidery exactly.",
  },
  {
    slug: "mahnoor-unstitched-khaddar-3-piece",
    name: "Mahnoor Unstitched Khaddar 3-Piece",
    type: "Unstitched",
    category: "ethnic-elegance",
    fabric: "Khaddar",
    colors: ["Maroon", "Mustard"],
    kind: "fabric",
    pattern: "paisley",
    accent: ACCENT.champagne,
    views: "flb",
    price: 240,
    sizes: ONE,
    stock: [7],
    discount: 40,
    popularity: 389,
    date: "2026-01-09T10:20:00.000Z",
    description:
      "A winter khaddar set in deep maroon with a champagne paisley print: 3 metres for the shirt, 2.5 metres of plain khaddar for trousers and a printed khaddar shawl. Warm, soft and easy to stitch into a straight or A-line cut.",
  },
  {
    slug: "parveen-striped-lawn-3-piece",
    name: "Parveen Striped Lawn 3-Piece",
    type: "Unstitched",
    category: "ethnic-elegance",
    fabric: "Lawn",
    colors: ["Mustard"],
    kind: "fabric",
    pattern: "stripes",
    accent: ACCENT.ivory,
    views: "fl",
    price: 150,
    sizes: ONE,
    stock: [null],
    popularity: 517,
    date: "2026-05-21T09:30:00.000Z",
    description:
      "Crisp mustard lawn woven with ivory stripes, with plain cambric for trousers and a striped voile dupatta. An easy, everyday unstitched suit that looks smart when tailored straight with a simple round neck.",
  },
  {
    slug: "laila-unstitched-organza-3-piece",
    name: "Laila Unstitched Organza 3-Piece",
    type: "Unstitched",
    category: "ethnic-elegance",
    fabric: "Organza",
    colors: ["Lilac", "Ivory"],
    kind: "fabric",
    pattern: "lace",
    accent: ACCENT.antiqueGold,
    views: "fdlb",
    price: 620,
    sizes: ONE,
    stock: [3],
    popularity: 276,
    date: "2026-09-27T15:00:00.000Z",
    description:
      "Lilac organza with a scalloped antique-gold lace border for the shirt front and sleeves, lined with raw silk, plus trousers fabric and an organza dupatta. A formal unstitched set for engagements and Eid dinners.",
  },
  {
    slug: "rubab-unstitched-cotton-3-piece",
    name: "Rubab Unstitched Cotton 3-Piece",
    type: "Unstitched",
    category: "ethnic-elegance",
    fabric: "Cotton",
    colors: ["Olive"],
    kind: "fabric",
    pattern: "geometric",
    accent: ACCENT.champagne,
    views: "fl",
    price: 175,
    sizes: ONE,
    stock: [0],
    discount: 30,
    popularity: 198,
    date: "2026-06-02T11:00:00.000Z",
    description:
      "Soft olive cotton printed with a champagne geometric pattern inspired by old tile work, with matching trousers fabric and a cotton-net dupatta. Breathable and easy to care for, this set is currently sold out.",
  },
  {
    slug: "zoya-unstitched-silk-3-piece",
    name: "Zoya Unstitched Silk 3-Piece",
    type: "Unstitched",
    category: "ethnic-elegance",
    fabric: "Silk",
    colors: ["Emerald", "Navy"],
    kind: "fabric",
    pattern: "embroidery",
    accent: ACCENT.gold,
    views: "fdlb",
    price: 890,
    sizes: ONE,
    stock: [12],
    popularity: 455,
    isNew: true,
    date: "2026-11-18T09:00:00.000Z",
    description:
      "Pure emerald silk with a gold-embroidered neckline panel and border, jamawar trousers fabric and a tissue dupatta. The richest unstitched set in our collection, ready to be tailored into a straight kurta or an anarkali.",
  },
];

const JALABIYAS: ProductDef[] = [
  {
    slug: "jameela-embroidered-jalabiya",
    name: "Jameela Embroidered Jalabiya",
    type: "Jalabiya",
    category: "designer-jalabiya",
    fabric: "Crepe",
    colors: ["Emerald"],
    kind: "jalabiya",
    pattern: "geometric",
    accent: ACCENT.gold,
    views: "fdbl",
    price: 390,
    sizes: ALL,
    stock: [7, 16, 26, 20, 5],
    popularity: 826,
    bestseller: true,
    date: "2026-02-10T10:00:00.000Z",
    description:
      "A roomy emerald jalabiya in soft crepe, with a V neckline framed by gold geometric embroidery and a keyhole opening closed with three covered buttons. The print echoes the embroidery in a lighter tone. Comfortable for long evenings at home or in the majlis.",
  },
  {
    slug: "farah-silk-kaftan",
    name: "Farah Silk Kaftan",
    type: "Kaftan",
    category: "designer-jalabiya",
    fabric: "Silk",
    colors: ["Teal", "Navy"],
    kind: "kaftan",
    pattern: "paisley",
    accent: ACCENT.gold,
    views: "fdlb",
    price: 1120,
    sizes: S_M_L,
    stock: [4, 9, 6],
    discount: [0, 0, 10],
    popularity: 699,
    date: "2026-03-08T17:00:00.000Z",
    description:
      "A flowing teal silk kaftan with batwing sleeves and a soft gold paisley. An embroidered yoke frames the neckline and a fine cord gathers the waist when you want more shape. Effortless for Eid mornings and family visits.",
  },
  {
    slug: "lulwa-linen-jalabiya",
    name: "Lulwa Linen Jalabiya",
    type: "Jalabiya",
    category: "designer-jalabiya",
    fabric: "Linen",
    colors: ["Beige", "Ivory"],
    kind: "jalabiya",
    pattern: "plain",
    accent: ACCENT.antiqueGold,
    views: "fbd",
    price: 260,
    sizes: ALL,
    stock: [20, 34, 45, 31, 16],
    popularity: 748,
    date: "2026-05-15T08:30:00.000Z",
    description:
      "Natural beige linen with hand-finished antique-gold embroidery at the neckline and cuffs. Loose, cool and unfussy, it is the jalabiya for summer afternoons and relaxed Ramadan days.",
  },
  {
    slug: "shaikha-velvet-jalabiya",
    name: "Shaikha Velvet Jalabiya",
    type: "Jalabiya",
    category: "designer-jalabiya",
    fabric: "Velvet",
    colors: ["Maroon"],
    kind: "jalabiya",
    pattern: "embroidery",
    accent: ACCENT.gold,
    views: "fdbld",
    price: 890,
    sizes: S_TO_XL,
    stock: [3, 8, 11, 4],
    upcharge: true,
    popularity: 587,
    isNew: true,
    date: "2026-10-19T19:00:00.000Z",
    description:
      "Deep maroon velvet with a broad gold-embroidered yoke, cuffs and hem. The weight of the velvet gives the jalabiya a stately drape, and the inner lining keeps it comfortable all evening. For winter celebrations and henna nights.",
  },
  {
    slug: "noura-chiffon-kaftan",
    name: "Noura Chiffon Kaftan",
    type: "Kaftan",
    category: "designer-jalabiya",
    fabric: "Chiffon",
    colors: ["Lilac", "Blush"],
    kind: "kaftan",
    pattern: "floral",
    accent: ACCENT.ivory,
    views: "fl",
    price: 540,
    sizes: S_M_L,
    stock: [10, 15, 9],
    discount: 10,
    popularity: 472,
    date: "2026-04-12T12:00:00.000Z",
    description:
      "A light-as-air lilac chiffon kaftan with ivory blossoms and an embroidered neckline. It comes with a matching slip and a waist cord. Pretty for spring gatherings and beach evenings alike.",
  },
  {
    slug: "wafa-cotton-day-jalabiya",
    name: "Wafa Cotton Day Jalabiya",
    type: "Jalabiya",
    category: "designer-jalabiya",
    fabric: "Cotton",
    colors: ["Grey", "Olive"],
    kind: "jalabiya",
    pattern: "stripes",
    accent: ACCENT.ivory,
    views: "fb",
    price: 145,
    sizes: ALL,
    stock: [22, 38, 51, 44, 25],
    discount: 35,
    popularity: 653,
    date: "2026-06-26T07:45:00.000Z",
    description:
      "A simple striped cotton jalabiya for every day at home: soft, breathable and machine washable. A neat embroidered neckline and side pockets make it as practical as it is pretty.",
  },
  {
    slug: "bashayer-beaded-kaftan",
    name: "Bashayer Beaded Kaftan",
    type: "Kaftan",
    category: "designer-jalabiya",
    fabric: "Georgette",
    colors: ["Black"],
    kind: "kaftan",
    pattern: "embroidery",
    accent: ACCENT.gold,
    views: "fdbl",
    price: 1340,
    sizes: S_M_L,
    stock: [2, 5, 4],
    popularity: 611,
    date: "2026-09-04T20:00:00.000Z",
    description:
      "Black georgette kaftan with a hand-beaded gold neckline and borders worked in bugle beads and dabka. The batwing cut is generous and flattering, and the waist cord lets you shape it. A showpiece for Eid evenings.",
  },
  {
    slug: "munira-ramadan-jalabiya",
    name: "Munira Ramadan Jalabiya",
    type: "Jalabiya",
    category: "designer-jalabiya",
    fabric: "Crepe",
    colors: ["Navy", "Emerald"],
    kind: "jalabiya",
    pattern: "geometric",
    accent: ACCENT.silver,
    views: "fdb",
    price: 460,
    sizes: XS_TO_L,
    stock: [5, 14, 19, 10],
    discount: 15,
    popularity: 542,
    date: "2026-02-24T15:30:00.000Z",
    description:
      "Navy crepe with a silver star-lattice print and a matching embroidered neckline, designed for iftar gatherings. The straight, roomy cut is modest and comfortable for taraweeh and late suhoor evenings.",
  },
  {
    slug: "asma-printed-cotton-kaftan",
    name: "Asma Printed Cotton Kaftan",
    type: "Kaftan",
    category: "designer-jalabiya",
    fabric: "Cotton",
    colors: ["Mustard", "Teal"],
    kind: "kaftan",
    pattern: "paisley",
    accent: ACCENT.maroon,
    views: "fl",
    price: 210,
    sizes: ["M", "L", "XL"],
    stock: [12, 0, 8],
    discount: 20,
    popularity: 318,
    date: "2026-07-28T11:15:00.000Z",
    description:
      "A cheerful mustard cotton kaftan with a maroon paisley print and a contrast embroidered yoke. Easy to throw on and cool in the heat, with a waist cord for shape.",
  },
  {
    slug: "haya-lace-jalabiya",
    name: "Haya Lace Jalabiya",
    type: "Jalabiya",
    category: "designer-jalabiya",
    fabric: "Chiffon",
    colors: ["Ivory"],
    kind: "jalabiya",
    pattern: "lace",
    accent: ACCENT.champagne,
    views: "fdb",
    price: 720,
    sizes: S_TO_XL,
    stock: [0, 0, 0, 0],
    popularity: 264,
    date: "2026-05-03T14:45:00.000Z",
    description:
      "Ivory chiffon over a soft lining, edged with scalloped champagne lace at the neckline, sleeves and hem. Light and bridal in feel, it is currently sold out in every size; a new run is being made.",
  },
  {
    slug: "ruqaya-organza-overlay-kaftan",
    name: "Ruqaya Organza Overlay Kaftan",
    type: "Kaftan",
    category: "designer-jalabiya",
    fabric: "Organza",
    colors: ["Emerald", "Black"],
    kind: "kaftan",
    pattern: "lace",
    accent: ACCENT.gold,
    views: "fdbl",
    price: 1590,
    sizes: S_M_L,
    stock: [1, 3, 2],
    popularity: 505,
    isNew: true,
    date: "2026-11-10T16:40:00.000Z",
    description:
      "An emerald silk kaftan veiled in sheer organza, with scalloped gold lace along every edge and an embroidered yoke. The two layers move separately, so it seems to float. Our most dramatic kaftan for weddings and Eid.",
  },
  {
    slug: "salma-silk-eid-jalabiya",
    name: "Salma Silk Eid Jalabiya",
    type: "Jalabiya",
    category: "designer-jalabiya",
    fabric: "Silk",
    colors: ["Blush"],
    kind: "jalabiya",
    pattern: "embroidery",
    accent: ACCENT.roseGold,
    views: "fdbl",
    price: 980,
    sizes: XS_TO_L,
    stock: [2, 7, 9, 5],
    popularity: 667,
    isNew: true,
    date: "2026-10-02T10:30:00.000Z",
    description:
      "Blush silk crepe with rose-gold embroidery tracing the neckline, cuffs and hem. The soft colour and gentle sheen are made for Eid mornings and family photographs.",
  },
];

export const DEMO_PRODUCTS: DemoProduct[] = [...ABAYAS, ...ETHNIC, ...JALABIYAS].map(build);
