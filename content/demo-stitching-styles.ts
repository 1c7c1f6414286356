import type { ArtworkSpec } from "./artwork.ts";

/**
 * The demo store's stitching styles (issue 29, part 2; decision 0041): what a shopper may have an
 * unstitched fabric made into, in both languages, with artwork the project draws (content/artwork.ts).
 * `fabrics` are products.fabric values; [] suits every unstitched fabric.
 */
export interface DemoStitchingStyle {
  slug: string;
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  priceAed: number;
  leadDays: number;
  fabrics: string[];
  artwork: ArtworkSpec;
}

export const DEMO_STITCHING_STYLES: DemoStitchingStyle[] = [
  {
    slug: "classic-a-line-abaya",
    name: "Classic A-line abaya",
    nameAr: "عباية كلاسيكية بقصة A",
    description: "A floor-length abaya that widens gently from the shoulder, with a concealed front opening.",
    descriptionAr: "عباية بطول الأرض تتسع بلطف من الكتف، بفتحة أمامية مخفية.",
    priceAed: 250,
    leadDays: 10,
    fabrics: [],
    artwork: {
      kind: "abaya",
      base: "#2b2a33",
      accent: "#c8a45c",
      pattern: "plain",
      view: "front",
      seed: 2901,
    },
  },
  {
    slug: "straight-kameez-trousers",
    name: "Straight kameez with trousers",
    nameAr: "قميص مستقيم مع سروال",
    description: "A knee-length straight kameez with side slits and matching straight trousers.",
    descriptionAr: "قميص مستقيم بطول الركبة بفتحات جانبية مع سروال مستقيم مطابق.",
    priceAed: 180,
    leadDays: 7,
    fabrics: ["Lawn", "Khaddar", "Cotton"],
    artwork: {
      kind: "kurta",
      base: "#e8d6b9",
      accent: "#8a4f3d",
      pattern: "floral",
      view: "front",
      seed: 2902,
    },
  },
  {
    slug: "flared-anarkali",
    name: "Flared Anarkali",
    nameAr: "أناركلي واسع",
    description: "A fitted bodice over a full flared skirt, for chiffon and organza that fall softly.",
    descriptionAr: "صدر محدد فوق تنورة واسعة متموجة، للشيفون والأورجانزا الناعمين.",
    priceAed: 320,
    leadDays: 12,
    fabrics: ["Chiffon", "Organza", "Silk"],
    artwork: {
      kind: "sharara",
      base: "#7a2e4a",
      accent: "#e3c77d",
      pattern: "embroidery",
      view: "front",
      seed: 2903,
    },
  },
  {
    slug: "embroidered-neck-jalabiya",
    name: "Jalabiya with embroidered neckline",
    nameAr: "جلابية بياقة مطرزة",
    description: "A loose jalabiya with wide sleeves and hand embroidery around the neckline.",
    descriptionAr: "جلابية واسعة بأكمام عريضة وتطريز يدوي حول الياقة.",
    priceAed: 220,
    leadDays: 9,
    fabrics: [],
    artwork: {
      kind: "jalabiya",
      base: "#1f4f5a",
      accent: "#d9b26f",
      pattern: "embroidery",
      view: "front",
      seed: 2904,
    },
  },
];
