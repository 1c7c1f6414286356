import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  PRICE_SLIDER_MAX_AED,
  PRICE_SLIDER_MIN_AED,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  SIZE_GUIDE,
} from "../core/constants.ts";
import {
  type ArtworkSpec,
  type BlogMotif,
  renderBlogSvg,
  renderHeroSvg,
  renderLogoSvg,
  renderProductSvg,
} from "./artwork.ts";
import { DEMO_BLOG_POSTS } from "./demo-blog.ts";
import { DEMO_BLOG_CATEGORIES_AR, DEMO_BLOG_POSTS_AR } from "./demo-blog-ar.ts";
import { DEMO_CATEGORIES, DEMO_COLORS, DEMO_FABRICS, DEMO_PRODUCTS, skuFor } from "./demo-catalog.ts";
import {
  DEMO_CATEGORIES_AR,
  DEMO_COLORS_AR,
  DEMO_FABRICS_AR,
  DEMO_PRODUCTS_AR,
  DEMO_TYPES_AR,
} from "./demo-catalog-ar.ts";
import { DEMO_REVIEWS } from "./demo-reviews.ts";

const END_OF_DATA = Date.parse("2026-11-20T00:00:00.000Z");
const START_OF_2026 = Date.parse("2026-01-01T00:00:00.000Z");
const variants = DEMO_PRODUCTS.flatMap((p) => p.variants.map((v) => ({ ...v, product: p })));

function in2026(date: string): boolean {
  const t = Date.parse(date);
  return Number.isFinite(t) && t >= START_OF_2026 && t < END_OF_DATA;
}

/**
 * The size of the picture librsvg draws from `svg` (every shape rasterised, as the media pipeline's first
 * step does). Raw pixels, not WebP: encoding the 34 pictures was a third of the two tests' time (18.5 s,
 * 12.4 s without it, on a quiet machine).
 */
async function rasterSize(svg: string): Promise<{ width?: number; height?: number }> {
  const { info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

describe("demo categories", () => {
  it("has the three collections from core/constants with descriptions and positions", () => {
    expect(DEMO_CATEGORIES.map((c) => c.slug).sort()).toEqual(CATEGORIES.map((c) => c.slug).sort());
    for (const c of DEMO_CATEGORIES) {
      expect(CATEGORIES.find((k) => k.slug === c.slug)?.name).toBe(c.name);
      expect(c.description.length).toBeGreaterThan(20);
    }
    expect(new Set(DEMO_CATEGORIES.map((c) => c.position)).size).toBe(3);
  });
});

describe("demo catalog", () => {
  it("has at least 44 products spread over the collections", () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(44);
    const count = (slug: string) => DEMO_PRODUCTS.filter((p) => p.category === slug).length;
    expect(count("graceful-abayas")).toBeGreaterThanOrEqual(14);
    expect(count("ethnic-elegance")).toBeGreaterThanOrEqual(14);
    expect(count("designer-jalabiya")).toBeGreaterThanOrEqual(10);
  });

  it("has unique kebab-case slugs and non-empty copy", () => {
    const slugs = DEMO_PRODUCTS.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const p of DEMO_PRODUCTS) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.name.trim().length).toBeGreaterThan(3);
      const sentences = p.description.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.slug).toBeLessThanOrEqual(4);
    }
  });

  it("uses types that fit each collection, with at least 6 unstitched suits drawn as fabric", () => {
    const allowed: Record<string, string[]> = {
      "graceful-abayas": ["Abaya", "Open Abaya", "Kimono Abaya", "Butterfly Abaya"],
      "ethnic-elegance": ["Kurta Set", "Sharara Set", "Anarkali", "Lawn Suit", "Unstitched"],
      "designer-jalabiya": ["Jalabiya", "Kaftan"],
    };
    for (const p of DEMO_PRODUCTS) expect(allowed[p.category], p.slug).toContain(p.type);
    const unstitched = DEMO_PRODUCTS.filter((p) => p.type === "Unstitched");
    expect(unstitched.length).toBeGreaterThanOrEqual(6);
    for (const p of unstitched) {
      expect(p.category).toBe("ethnic-elegance");
      for (const img of p.images) expect(img.kind).toBe("fabric");
    }
    for (const p of DEMO_PRODUCTS.filter((q) => q.type !== "Unstitched")) {
      for (const img of p.images) expect(img.kind, p.slug).not.toBe("fabric");
    }
  });

  it("uses the fixed fabric and colour sets, and the artwork base matches the first colour", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(DEMO_FABRICS).toContain(p.fabric);
      expect(p.colors.length).toBeGreaterThanOrEqual(1);
      expect(p.colors.length).toBeLessThanOrEqual(3);
      expect(new Set(p.colors).size).toBe(p.colors.length);
      for (const c of p.colors) expect(Object.keys(DEMO_COLORS)).toContain(c);
      for (const img of p.images) {
        expect(img.base.toLowerCase()).toBe(DEMO_COLORS[p.colors[0]!].toLowerCase());
        expect(img.base).toMatch(/^#[0-9a-f]{6}$/i);
        expect(img.accent).toMatch(/^#[0-9a-f]{6}$/i);
      }
    }
  });

  it("has 2 to 6 images and 1 to 5 variants per product, sizes in size-guide order and unique", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.images.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.images.length, p.slug).toBeLessThanOrEqual(6);
      expect(p.variants.length, p.slug).toBeGreaterThanOrEqual(1);
      expect(p.variants.length, p.slug).toBeLessThanOrEqual(5);
      const indexes = p.variants.map((v) => SIZE_GUIDE.indexOf(v.size));
      for (const i of indexes) expect(i).toBeGreaterThanOrEqual(0);
      for (let i = 1; i < indexes.length; i++) expect(indexes[i]!).toBeGreaterThan(indexes[i - 1]!);
    }
  });

  it("keeps every price within the shop's range and lets first prices span it", () => {
    for (const v of variants) {
      expect(Number.isInteger(v.priceAed)).toBe(true);
      expect(v.priceAed).toBeGreaterThanOrEqual(PRICE_SLIDER_MIN_AED);
      expect(v.priceAed).toBeLessThanOrEqual(PRICE_SLIDER_MAX_AED);
    }
    const first = DEMO_PRODUCTS.map((p) => p.variants[0]!.priceAed);
    expect(Math.min(...first)).toBeLessThan(200);
    expect(Math.max(...first)).toBeGreaterThan(1500);
    expect(first.filter((x) => x >= 500 && x < 1000).length).toBeGreaterThan(3);
    expect(first.filter((x) => x >= 1000).length).toBeGreaterThan(3);
  });

  it("discounts about a third of products, and isSale is true exactly when a variant is discounted", () => {
    for (const v of variants) {
      expect(Number.isInteger(v.discount)).toBe(true);
      expect(v.discount).toBeGreaterThanOrEqual(0);
      expect(v.discount).toBeLessThanOrEqual(70);
      if (v.discount > 0) {
        expect(v.discount).toBeGreaterThanOrEqual(10);
        expect(v.discount).toBeLessThanOrEqual(40);
      }
    }
    for (const p of DEMO_PRODUCTS) expect(p.isSale, p.slug).toBe(p.variants.some((v) => v.discount > 0));
    const share = DEMO_PRODUCTS.filter((p) => p.isSale).length / DEMO_PRODUCTS.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
  });

  it("covers every stock band: 0, 1-10, 11-20, above 20 and unknown", () => {
    const stocks = variants.map((v) => v.stock);
    expect(stocks.some((s) => s === 0)).toBe(true);
    expect(stocks.some((s) => s !== null && s >= 1 && s <= 10)).toBe(true);
    expect(stocks.some((s) => s !== null && s >= 11 && s <= 20)).toBe(true);
    expect(stocks.some((s) => s !== null && s > 20)).toBe(true);
    expect(stocks.some((s) => s === null)).toBe(true);
    for (const s of stocks) if (s !== null) expect(Number.isInteger(s) && s >= 0).toBe(true);
    // Some products are partly sold out, and at least one is sold out in every size.
    expect(
      DEMO_PRODUCTS.some(
        (p) => p.variants.some((v) => v.stock === 0) && p.variants.some((v) => v.stock !== 0),
      ),
    ).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => p.variants.every((v) => v.stock === 0))).toBe(true);
  });

  it("has enough bestsellers, new arrivals, spread dates and distinct popularity", () => {
    const abayaBestsellers = DEMO_PRODUCTS.filter((p) => p.category === "graceful-abayas" && p.bestseller);
    expect(abayaBestsellers.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_PRODUCTS.filter((p) => p.isNew).length).toBeGreaterThanOrEqual(10);
    for (const p of DEMO_PRODUCTS) {
      expect(in2026(p.date), p.slug).toBe(true);
      expect(p.date).toBe(new Date(p.date).toISOString());
      expect(p.popularity).toBeGreaterThanOrEqual(0);
      expect(p.popularity).toBeLessThanOrEqual(1000);
    }
    const months = new Set(DEMO_PRODUCTS.map((p) => p.date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.popularity)).size).toBe(DEMO_PRODUCTS.length);
  });

  it("gives every variant a stable, unique uppercase SKU", () => {
    const skus = DEMO_PRODUCTS.flatMap((p) => p.variants.map((v) => skuFor(p.slug, v.size)));
    expect(new Set(skus).size).toBe(skus.length);
    for (const s of skus) expect(s).toMatch(/^[A-Z0-9]+-[A-Z0-9]+$/);
    expect(skuFor("noor-crepe-abaya", "M/54")).toBe(skuFor("noor-crepe-abaya", "M/54"));
    expect(skuFor("noor-crepe-abaya", "M/54")).toMatch(/^NCA[A-Z0-9]{2}-M54$/);
  });
});

describe("demo blog", () => {
  it("has at least 7 posts with unique slugs, real content and safe HTML", () => {
    expect(DEMO_BLOG_POSTS.length).toBeGreaterThanOrEqual(7);
    expect(new Set(DEMO_BLOG_POSTS.map((p) => p.slug)).size).toBe(DEMO_BLOG_POSTS.length);
    for (const p of DEMO_BLOG_POSTS) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.title.length).toBeGreaterThan(10);
      expect(p.excerpt.length).toBeGreaterThan(40);
      expect(p.author.length).toBeGreaterThan(3);
      expect(p.category.length).toBeGreaterThan(3);
      expect(in2026(p.date), p.slug).toBe(true);
      expect(Number.isInteger(p.readTime) && p.readTime >= 2).toBe(true);
      const html = p.contentHtml;
      const paragraphs = html.match(/<p>/g)?.length ?? 0;
      expect(paragraphs, p.slug).toBeGreaterThanOrEqual(4);
      expect(paragraphs, p.slug).toBeLessThanOrEqual(8);
      expect(html).toMatch(/<h2>/);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/<(a|img|iframe|style|link|object|embed)\b/i);
      expect(html).not.toMatch(/https?:|javascript:/i);
      // Only the tags the brief allows.
      const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()));
      for (const t of tags) expect(["h2", "p", "ul", "li", "blockquote", "strong", "em"]).toContain(t);
    }
  });
});

describe("demo reviews", () => {
  it("reference existing products, with valid ratings, lengths and dates", () => {
    expect(DEMO_REVIEWS.length).toBeGreaterThanOrEqual(45);
    const bySlug = new Map(DEMO_PRODUCTS.map((p) => [p.slug, p]));
    for (const r of DEMO_REVIEWS) {
      const product = bySlug.get(r.productSlug);
      expect(product, r.productSlug).toBeDefined();
      expect([1, 2, 3, 4, 5]).toContain(r.rating);
      expect(r.comment.length).toBeGreaterThanOrEqual(REVIEW_COMMENT_MIN);
      expect(r.comment.length).toBeLessThanOrEqual(REVIEW_COMMENT_MAX);
      expect(r.userName.trim().length).toBeGreaterThan(1);
      expect(in2026(r.date), r.date).toBe(true);
      expect(Date.parse(r.date)).toBeGreaterThan(Date.parse(product!.date));
    }
    const products = new Set(DEMO_REVIEWS.map((r) => r.productSlug));
    expect(products.size).toBeGreaterThanOrEqual(15);
    const high = DEMO_REVIEWS.filter((r) => r.rating >= 4).length;
    expect(high / DEMO_REVIEWS.length).toBeGreaterThan(0.7);
    expect(DEMO_REVIEWS.some((r) => r.rating === 3)).toBe(true);
    expect(DEMO_REVIEWS.some((r) => r.rating <= 2)).toBe(true);
  });
});

describe("artwork", () => {
  const kinds: ArtworkSpec["kind"][] = ["abaya", "jalabiya", "kaftan", "kurta", "sharara", "fabric"];
  const views: ArtworkSpec["view"][] = ["front", "back", "detail", "flat"];

  it("is deterministic, self-contained, text-free and small", () => {
    const spec: ArtworkSpec = {
      kind: "kurta",
      base: "#6b1f2a",
      accent: "#c8a45c",
      pattern: "paisley",
      view: "front",
      seed: 42,
    };
    expect(renderProductSvg(spec)).toBe(renderProductSvg({ ...spec }));
    expect(renderProductSvg(spec)).not.toBe(renderProductSvg({ ...spec, seed: 43 }));
    for (const p of DEMO_PRODUCTS) {
      for (const img of p.images) {
        const svg = renderProductSvg(img);
        expect(svg.length, `${p.slug} ${img.view}`).toBeLessThan(42_000);
        expect(svg).not.toMatch(/<text|<image|<foreignObject|<script|@import|url\((?!#)/i);
        expect(svg).not.toMatch(/href="(?!#)/);
        expect(svg).toContain('viewBox="0 0 1200 1500"');
      }
    }
  });

  it("escapes nothing from malformed colours into the SVG", () => {
    const svg = renderProductSvg({
      kind: "abaya",
      base: '"/><script>alert(1)</script>',
      accent: "red",
      pattern: "lace",
      view: "front",
      seed: 1,
    });
    expect(svg).not.toContain("<script");
  });

  it("renders every kind and every view at 1200x1500 through sharp", async () => {
    const patterns: ArtworkSpec["pattern"][] = [
      "plain",
      "stripes",
      "paisley",
      "floral",
      "geometric",
      "embroidery",
      "lace",
    ];
    let n = 0;
    for (const kind of kinds) {
      for (const view of views) {
        const svg = renderProductSvg({
          kind,
          view,
          base: Object.values(DEMO_COLORS)[n % 12]!,
          accent: "#c8a45c",
          pattern: patterns[n % patterns.length]!,
          seed: 1000 + n,
        });
        n += 1;
        expect(await rasterSize(svg), `${kind} ${view}`).toEqual({ width: 1200, height: 1500 });
      }
    }
  }, 180_000);

  it("renders blog (1600x900), hero (1920x1080) and logo (64x64) artwork through sharp", async () => {
    const motifs: BlogMotif[] = ["fabric", "needle", "abaya", "pattern", "calendar", "care"];
    for (const [i, motif] of motifs.entries()) {
      const svg = renderBlogSvg({ palette: ["#1f2a44", "#c8a45c", "#efe6d8"], motif, seed: i + 1 });
      expect(await rasterSize(svg), motif).toEqual({ width: 1600, height: 900 });
    }
    for (const post of DEMO_BLOG_POSTS)
      expect(renderBlogSvg(post.artwork)).toContain('viewBox="0 0 1600 900"');
    for (const index of [0, 1, 2] as const) {
      expect(await rasterSize(renderHeroSvg(index))).toEqual({ width: 1920, height: 1080 });
    }
    const logo = renderLogoSvg();
    expect(logo).toContain('viewBox="0 0 64 64"');
    expect(await rasterSize(logo)).toEqual({ width: 64, height: 64 });
  }, 120_000);
});

describe("demo content in Arabic (issue 14)", () => {
  const ARABIC_ONLY = /^[\u0600-\u06FF0-9\s.,،؛:;()"'«»\-–—?!%/]+$/;

  it("names and describes every product, collection, type, fabric and colour in Arabic script", () => {
    for (const product of DEMO_PRODUCTS) {
      const arabic = DEMO_PRODUCTS_AR[product.slug];
      expect(arabic, product.slug).toBeDefined();
      expect(arabic!.name, product.slug).toMatch(ARABIC_ONLY);
      expect(arabic!.description.length, product.slug).toBeGreaterThan(60);
      expect(DEMO_TYPES_AR[product.type], product.type).toMatch(ARABIC_ONLY);
    }
    expect(Object.keys(DEMO_PRODUCTS_AR).sort()).toEqual(DEMO_PRODUCTS.map((p) => p.slug).sort());
    for (const fabric of DEMO_FABRICS) expect(DEMO_FABRICS_AR[fabric]).toMatch(ARABIC_ONLY);
    for (const color of Object.keys(DEMO_COLORS)) {
      expect(DEMO_COLORS_AR[color as keyof typeof DEMO_COLORS]).toMatch(ARABIC_ONLY);
    }
    for (const category of DEMO_CATEGORIES) {
      expect(DEMO_CATEGORIES_AR[category.slug].name).toMatch(ARABIC_ONLY);
      expect(DEMO_CATEGORIES_AR[category.slug].description).toMatch(ARABIC_ONLY);
    }
  });

  it("writes numbers in Western digits, never Arabic-Indic ones", () => {
    const all = JSON.stringify([DEMO_PRODUCTS_AR, DEMO_BLOG_POSTS_AR, DEMO_CATEGORIES_AR]);
    expect(all).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    expect(DEMO_PRODUCTS_AR["maha-everyday-nida-abaya"]!.description).toContain("30 درجة");
  });

  it("translates every post with the same HTML structure as its English original", () => {
    const tags = (html: string) => [...html.matchAll(/<(\/?[a-z0-9]+)>/g)].map((m) => m[1]).join(" ");
    for (const post of DEMO_BLOG_POSTS) {
      const arabic = DEMO_BLOG_POSTS_AR[post.slug];
      expect(arabic, post.slug).toBeDefined();
      expect(arabic!.title, post.slug).toMatch(ARABIC_ONLY);
      expect(arabic!.excerpt, post.slug).toMatch(ARABIC_ONLY);
      expect(tags(arabic!.contentHtml), post.slug).toBe(tags(post.contentHtml));
      // No English left behind (a lone letter naming a cut, as in 'A-line', is the cut's name).
      expect(arabic!.contentHtml.replace(/<[^>]+>/g, ""), post.slug).not.toMatch(/[A-Za-z]{2,}/);
      expect(DEMO_BLOG_CATEGORIES_AR[post.category], post.category).toMatch(ARABIC_ONLY);
    }
  });
});
