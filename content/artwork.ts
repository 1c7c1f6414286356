/**
 * Deterministic artwork for the demo store: product shots, blog headers, hero slides and the logo.
 *
 * Everything is drawn as plain SVG (no text, no external references, no randomness beyond a seeded PRNG)
 * so the same spec always gives byte-identical output, and sharp (librsvg) can rasterise it.
 * The look aims at a calm "studio catalogue": warm neutral backdrop, soft floor shadow, a clean garment
 * silhouette with gentle gradient shading and the pattern drawn in the accent colour inside the garment.
 */

export interface ArtworkSpec {
  kind: "abaya" | "jalabiya" | "kaftan" | "kurta" | "sharara" | "fabric";
  /** #rrggbb */
  base: string;
  /** #rrggbb */
  accent: string;
  pattern: "plain" | "stripes" | "paisley" | "floral" | "geometric" | "embroidery" | "lace";
  view: "front" | "back" | "detail" | "flat";
  seed: number;
}

export type BlogMotif = "fabric" | "needle" | "abaya" | "pattern" | "calendar" | "care";

export interface BlogArtworkSpec {
  palette: [string, string, string];
  motif: BlogMotif;
  seed: number;
}

type Kind = ArtworkSpec["kind"];
type Pattern = ArtworkSpec["pattern"];
type View = ArtworkSpec["view"];
type Pt = readonly [number, number];
type Rng = () => number;

export const PRODUCT_ART_SIZE = { width: 1200, height: 1500 } as const;
export const BLOG_ART_SIZE = { width: 1600, height: 900 } as const;
export const HERO_ART_SIZE = { width: 1920, height: 1080 } as const;
/**
 * Where the figures stand in every hero slide, as fractions of the artwork's width and height; the rest
 * (the left, from 0 to `left`) is the calm space the headline sits on. The home page's hero journey
 * (tests/e2e/arabic-layout.spec.ts) checks the headline never covers this box, mirrored on /ar.
 */
export const HERO_SUBJECT = { left: 0.45, right: 0.95, top: 0.12, bottom: 1 } as const;

// ---------------------------------------------------------------------------------------------------------
// Small utilities: seeded PRNG, number formatting, colour arithmetic, curve sampling
// ---------------------------------------------------------------------------------------------------------

/** mulberry32: a tiny, well-distributed 32-bit PRNG. */
function prng(seed: number): Rng {
  let a = (Math.floor(Math.abs(seed)) ^ 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const range = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length) % items.length]!;

/** Rounds to one decimal: keeps the SVG small without visible loss. */
function num(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

/** An opacity or fraction with two decimals. */
function op2(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** Tagged template for path data and transforms: every interpolated number is rounded. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += num(values[i]!) + strings[i + 1]!;
  return out;
}

function rgbOf(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(String(hex).trim());
  const v = m ? Number.parseInt(m[1]!, 16) : 0x808080;
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function hexOf(c: readonly number[]): string {
  return `#${c
    .map((x) =>
      Math.max(0, Math.min(255, Math.round(x)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Normalises any input to a safe #rrggbb (anything malformed becomes mid grey). */
function safeHex(hex: string): string {
  return hexOf(rgbOf(hex));
}

function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * t));
}

/** t < 0 darkens towards a warm black, t > 0 lightens towards a warm white. */
function tone(c: string, t: number): string {
  return t < 0 ? mix(c, "#14100c", -t) : mix(c, "#fffaf2", t);
}

function lum(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function quad(a: Pt, c: Pt, b: Pt, n = 24, t0 = 0, t1 = 1): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = t0 + ((t1 - t0) * i) / n;
    const u = 1 - t;
    out.push([
      u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
      u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
    ]);
  }
  return out;
}

function cubic(a: Pt, c1: Pt, c2: Pt, b: Pt, n = 28): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const;
    out.push([
      w[0] * a[0] + w[1] * c1[0] + w[2] * c2[0] + w[3] * b[0],
      w[0] * a[1] + w[1] * c1[1] + w[2] * c2[1] + w[3] * b[1],
    ]);
  }
  return out;
}

const shiftPts = (pts: Pt[], dx: number, dy: number): Pt[] => pts.map((p) => [p[0] + dx, p[1] + dy] as const);
const mirrorPts = (pts: Pt[], axis = 600): Pt[] => pts.map((p) => [2 * axis - p[0], p[1]] as const).reverse();

function polyline(pts: readonly Pt[]): string {
  return pts.map((p, i) => `${i ? "L" : "M"}${Math.round(p[0])} ${Math.round(p[1])}`).join("");
}

/** Unit normals (left-hand of the travel direction: for a left-to-right line they point down). */
function normals(pts: readonly Pt[]): Pt[] {
  return pts.map((_, i) => {
    const a = pts[Math.max(0, i - 1)]!;
    const b = pts[Math.min(pts.length - 1, i + 1)]!;
    const tx = b[0] - a[0];
    const ty = b[1] - a[1];
    const len = Math.hypot(tx, ty) || 1;
    return [-ty / len, tx / len] as const;
  });
}

function offsetPts(pts: readonly Pt[], dist: number): Pt[] {
  const ns = normals(pts);
  return pts.map((p, i) => [p[0] + ns[i]![0] * dist, p[1] + ns[i]![1] * dist] as const);
}

/** Points at a regular spacing along a polyline, with the direction angle in degrees. */
function along(pts: readonly Pt[], spacing: number): { x: number; y: number; a: number }[] {
  const out: { x: number; y: number; a: number }[] = [];
  const lens: number[] = [0];
  for (let i = 1; i < pts.length; i++) {
    lens.push(lens[i - 1]! + Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1]));
  }
  const total = lens[lens.length - 1]!;
  if (total <= 0) return out;
  const count = Math.max(1, Math.floor(total / spacing));
  const start = (total - (count - 1) * spacing) / 2;
  let seg = 1;
  for (let k = 0; k < count; k++) {
    const s = start + k * spacing;
    while (seg < pts.length - 1 && lens[seg]! < s) seg++;
    const a = pts[seg - 1]!;
    const b = pts[seg]!;
    const l0 = lens[seg - 1]!;
    const l1 = lens[seg]!;
    const t = l1 > l0 ? (s - l0) / (l1 - l0) : 0;
    out.push({
      x: a[0] + (b[0] - a[0]) * t,
      y: a[1] + (b[1] - a[1]) * t,
      a: (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Drawing context, motifs and patterns
// ---------------------------------------------------------------------------------------------------------

interface Ctx {
  /** Prefix for every id, so several garments can live in one SVG. */
  p: string;
  rng: Rng;
  base: string;
  accent: string;
  pattern: Pattern;
  dark: boolean;
  n: number;
}

function makeCtx(p: string, base: string, accent: string, pattern: Pattern, seed: number): Ctx {
  const b = safeHex(base);
  return { p, rng: prng(seed), base: b, accent: safeHex(accent), pattern, dark: lum(b) < 0.12, n: 0 };
}

const uid = (c: Ctx, name: string) => `${c.p}${name}${c.n++}`;

/** A motif reference in a given colour. Motif shapes take fill and stroke from the <use>. */
function use(c: Ctx, motif: string, transform: string, color: string, opacity = 1): string {
  const op = opacity < 1 ? ` opacity="${num(opacity)}"` : "";
  return `<use href="#${c.p}${motif}" transform="${transform}" fill="${color}" stroke="${color}"${op}/>`;
}

/** Motif library, each drawn around 0,0 within roughly 20 units. */
function motifDefs(p: string): string {
  const petals = [0, 72, 144, 216, 288]
    .map(
      (r) =>
        `<ellipse cy="-5.4" rx="2.7" ry="4.6" transform="rotate(${r})" fill-opacity=".38" stroke-width="1.1"/>`,
    )
    .join("");
  return [
    `<path id="${p}ml" d="M0 -9C5 -5 5 5 0 9C-5 5 -5 -5 0 -9Z" stroke="none"/>`,
    `<g id="${p}mf">${petals}<circle r="1.9" stroke="none"/></g>`,
    `<g id="${p}mv"><path d="M-20 0C-13 -7 -7 -7 0 0S13 7 20 0" fill="none" stroke-width="1.4"/>` +
      `<use href="#${p}ml" transform="translate(-10 -7.5) rotate(-62) scale(.55)"/>` +
      `<use href="#${p}ml" transform="translate(10 7.5) rotate(118) scale(.55)"/>` +
      `<circle r="2.1" stroke="none"/><circle cx="-10" cy="4" r="1.1" stroke="none"/>` +
      `<circle cx="10" cy="-4" r="1.1" stroke="none"/></g>`,
    `<g id="${p}md"><path d="M0 -8L8 0L0 8L-8 0Z" fill="none" stroke-width="1.3"/>` +
      `<path d="M0 -3.6L3.6 0L0 3.6L-3.6 0Z" stroke="none"/><circle cx="14" r="1.3" stroke="none"/></g>`,
    `<g id="${p}ms"><path d="M-7 -7H7V7H-7Z" fill="none" stroke-width="1.2"/>` +
      `<path d="M0 -9.9L9.9 0L0 9.9L-9.9 0Z" fill="none" stroke-width="1.2"/><circle r="2.3" stroke="none"/></g>`,
    `<g id="${p}mc"><path d="M-10 0A10 10 0 0 0 10 0" fill="none" stroke-width="1.3"/>` +
      `<path d="M-6 0A6 6 0 0 0 6 0" fill="none" stroke-width=".8"/>` +
      `<circle cy="6.6" r="1.2" stroke="none"/><circle cx="-10" cy="-3.5" r="1" stroke="none"/></g>`,
    `<g id="${p}mp"><path d="M0 12C-9 12 -13 4 -10 -3C-7 -10 0 -12 4 -18C3 -11 11 -6 9 3C8 9 5 12 0 12Z" ` +
      `fill-opacity=".32" stroke-width="1.1"/><path d="M0 7.5C-4.5 7.5 -6.5 3 -4.5 -1C-2.5 -4.5 1.5 -5.5 3 -9" ` +
      `fill="none" stroke-width=".9"/><circle cy="3" r="1.5" stroke="none"/></g>`,
    `<g id="${p}mb" stroke="none"><circle cy="-3.2" r="1.7"/><circle cx="3.2" r="1.7"/><circle cy="3.2" r="1.7"/>` +
      `<circle cx="-3.2" r="1.7"/><circle r=".9"/></g>`,
  ].join("");
}

interface Tile {
  size: number;
  body: string;
}

function patternTile(c: Ctx, pattern: Pattern, color: string): Tile {
  const u = (m: string, t: string, o = 1) => use(c, m, t, color, o);
  switch (pattern) {
    case "stripes":
      return {
        size: 60,
        body:
          `<rect width="13" height="60" fill="${color}" opacity=".42"/>` +
          `<rect x="26" width="1.6" height="60" fill="${color}" opacity=".7"/>` +
          `<rect x="33" width="1.6" height="60" fill="${color}" opacity=".7"/>`,
      };
    case "paisley":
      return {
        size: 132,
        body:
          u("mp", "translate(34 40) rotate(-24) scale(2.1)", 0.9) +
          u("mp", "translate(100 106) rotate(156) scale(2.1)", 0.9) +
          u("mb", "translate(100 36) scale(1.15)", 0.75) +
          u("mb", "translate(34 102) scale(1.15)", 0.75),
      };
    case "floral":
      return {
        size: 112,
        body:
          u("mf", "translate(28 28) scale(2.1)", 0.9) +
          u("ml", "translate(46 40) rotate(125) scale(.9)", 0.7) +
          u("ml", "translate(12 44) rotate(-140) scale(.8)", 0.7) +
          u("mf", "translate(84 84) rotate(36) scale(1.5)", 0.85) +
          u("ml", "translate(98 70) rotate(40) scale(.7)", 0.7) +
          u("mb", "translate(84 26) scale(.9)", 0.6) +
          u("mb", "translate(26 86) scale(.9)", 0.6),
      };
    case "geometric":
      return {
        size: 84,
        body:
          u("ms", "translate(42 42) scale(2)", 0.85) +
          `<path d="M0 42H22M62 42H84M42 0V22M42 62V84" fill="none" stroke="${color}" stroke-width="1.1" opacity=".6"/>` +
          ["0 0", "84 0", "0 84", "84 84"].map((t) => u("mb", `translate(${t}) scale(1.2)`, 0.75)).join(""),
      };
    case "embroidery":
      return {
        size: 96,
        body:
          u("mb", "translate(24 24) scale(1.25)", 0.8) + u("mb", "translate(72 72) rotate(45) scale(1)", 0.7),
      };
    case "lace": {
      let net = "";
      for (const [x, y] of [
        [0, 0],
        [28, 0],
        [14, 14],
        [0, 28],
        [28, 28],
      ] as const) {
        net += `<circle cx="${x}" cy="${y}" r="9.5" fill="none" stroke="${color}" stroke-width=".9"/>`;
      }
      return { size: 28, body: `<g opacity=".42">${net}</g>` };
    }
    default:
      return { size: 40, body: "" };
  }
}

interface BandStyle {
  motif: string;
  spacing: number;
  scale: number;
  rotate: number;
  ground: boolean;
  scallop: boolean;
}

function bandStyle(pattern: Pattern): BandStyle | null {
  switch (pattern) {
    case "embroidery":
      return { motif: "mv", spacing: 40, scale: 1, rotate: 0, ground: true, scallop: false };
    case "lace":
      return { motif: "mf", spacing: 30, scale: 1.05, rotate: 0, ground: true, scallop: true };
    case "geometric":
      return { motif: "ms", spacing: 30, scale: 1, rotate: 0, ground: true, scallop: false };
    case "floral":
      return { motif: "mf", spacing: 28, scale: 1.1, rotate: 0, ground: true, scallop: false };
    case "paisley":
      return { motif: "mp", spacing: 30, scale: 0.95, rotate: 90, ground: true, scallop: false };
    case "stripes":
      return { motif: "md", spacing: 28, scale: 1, rotate: 0, ground: true, scallop: false };
    default:
      return null;
  }
}

interface Band {
  pts: Pt[];
  h: number;
  color?: string;
  ground?: string;
  /** Override the style (e.g. neckline embroidery on a plain kaftan). */
  style?: BandStyle;
}

/** A motif placed without its own colour (it inherits from the enclosing group). Keeps the SVG compact. */
function placeMotif(c: Ctx, motif: string, x: number, y: number, angle: number, scale: number): string {
  const a = Math.round(angle * 10) / 10;
  const rot = a === 0 ? "" : ` rotate(${num(a)})`;
  const sc = Math.abs(scale - 1) < 0.005 ? "" : ` scale(${op2(scale)})`;
  return `<use href="#${c.p}${motif}" transform="translate(${Math.round(x)} ${Math.round(y)})${rot}${sc}"/>`;
}

function bandSvg(c: Ctx, b: Band): string {
  const col = b.color ?? c.accent;
  const st = b.style ?? bandStyle(c.pattern);
  const up = offsetPts(b.pts, -b.h / 2);
  const dn = offsetPts(b.pts, b.h / 2);
  if (!st) {
    // Plain garments: two fine pipings, nothing more.
    return (
      `<path d="${polyline(offsetPts(b.pts, -b.h / 4))}" fill="none" stroke="${col}" stroke-width="2" opacity=".8"/>` +
      `<path d="${polyline(offsetPts(b.pts, b.h / 4))}" fill="none" stroke="${col}" stroke-width="1.2" opacity=".6"/>`
    );
  }
  let s = "";
  if (st.ground) {
    s += `<path d="${polyline([...up, ...dn.slice().reverse()])}Z" fill="${b.ground ?? mix(c.base, col, c.dark ? 0.12 : 0.16)}"/>`;
  }
  s += `<path d="${polyline(up)}" fill="none" stroke="${col}" stroke-width="1.8"/>`;
  if (!st.scallop) s += `<path d="${polyline(dn)}" fill="none" stroke="${col}" stroke-width="1.8"/>`;
  const dots = (pts: Pt[]) =>
    `<path d="${polyline(pts)}" fill="none" stroke="${col}" stroke-width="2.4" stroke-linecap="round" stroke-dasharray="0 7" opacity=".85"/>`;
  s += dots(offsetPts(b.pts, -b.h / 2 + 5));
  if (!st.scallop) s += dots(offsetPts(b.pts, b.h / 2 - 5));
  s += `<g fill="${col}" stroke="${col}">`;
  for (const m of along(b.pts, st.spacing)) s += placeMotif(c, st.motif, m.x, m.y, m.a + st.rotate, st.scale);
  if (st.scallop) for (const m of along(dn, 20)) s += placeMotif(c, "mc", m.x, m.y, m.a, 1);
  return `${s}</g>`;
}

interface Fold {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  w: number;
  light: boolean;
  bow?: number;
}

function foldSvg(c: Ctx, f: Fold): string {
  const bow = f.bow ?? 0;
  const mx = (f.x0 + f.x1) / 2 + bow;
  const my = (f.y0 + f.y1) / 2;
  const path = d`M${f.x0} ${f.y0}Q${mx - f.w / 2} ${my} ${f.x1 - f.w / 2} ${f.y1}L${f.x1 + f.w / 2} ${f.y1}Q${mx + f.w / 2} ${my} ${f.x0} ${f.y0}Z`;
  // A gradient across the fold (perpendicular to its axis) softens both edges without a blur filter.
  const ax = f.x1 - f.x0;
  const ay = f.y1 - f.y0;
  const len = Math.hypot(ax, ay) || 1;
  const nx = -ay / len;
  const ny = ax / len;
  const cx = (f.x0 + f.x1) / 2 + bow / 2;
  const cy = my;
  const half = f.w * 0.75 + Math.abs(bow) * 0.25;
  const id = uid(c, "f");
  return (
    `<linearGradient id="${id}" href="#${c.p}${f.light ? "fl" : "fd"}" gradientUnits="userSpaceOnUse" ` +
    d`x1="${cx - nx * half}" y1="${cy - ny * half}" x2="${cx + nx * half}" y2="${cy + ny * half}"/>` +
    `<path d="${path}" fill="url(#${id})"/>`
  );
}

/** Folds that fan out from a line near the waist to the hem. */
function fanFolds(
  c: Ctx,
  cx: number,
  y0: number,
  y1: number,
  hw0: number,
  hw1: number,
  count: number,
): Fold[] {
  const out: Fold[] = [];
  for (let i = 0; i < count; i++) {
    const t = -1 + (2 * (i + 0.5)) / count + range(c.rng, -0.08, 0.08);
    out.push({
      x0: cx + t * hw0 * 0.85,
      y0: y0 + range(c.rng, -20, 90),
      x1: cx + t * hw1 * 0.92 + range(c.rng, -10, 10),
      y1: y1 + 30,
      w: range(c.rng, 12, 30),
      light: i % 2 === 1,
      bow: range(c.rng, -14, 14),
    });
  }
  return out;
}

type ShadeMode = "h" | "v" | "round" | "none";

interface Panel {
  d: string;
  transform?: string;
  fill?: string;
  opacity?: number;
  patterned?: boolean;
  /** Pattern override for this panel (e.g. a dupatta's own small print). */
  patternId?: string;
  folds?: Fold[];
  foldStrength?: number;
  bands?: Band[];
  /** Raw SVG drawn inside the panel clip, above folds and shading (seams, buttons). */
  lines?: string;
  shade?: ShadeMode;
  /** Excluded from the flat-lay drop shadow when false. */
  shadow?: boolean;
}

function panelSvg(c: Ctx, pn: Panel): string {
  const clip = uid(c, "k");
  const fill = pn.fill ?? c.base;
  const attrs = `${pn.transform ? ` transform="${pn.transform}"` : ""}${pn.opacity !== undefined ? ` opacity="${op2(pn.opacity)}"` : ""}`;
  let s = `<g${attrs}><clipPath id="${clip}"><path d="${pn.d}"/></clipPath>`;
  s += `<path d="${pn.d}" fill="${fill}"/>`;
  const patId = pn.patternId ?? (c.pattern !== "plain" ? `${c.p}pat` : "");
  if (pn.patterned !== false && patId) s += `<path d="${pn.d}" fill="url(#${patId})"/>`;
  s += `<g clip-path="url(#${clip})">`;
  for (const b of pn.bands ?? []) s += bandSvg(c, b);
  if (pn.folds?.length) {
    const strength = Math.min(1, pn.foldStrength ?? 1);
    s += `<g${strength < 1 ? ` opacity="${op2(strength)}"` : ""}>${pn.folds.map((f) => foldSvg(c, f)).join("")}</g>`;
  }
  const shade = pn.shade ?? "h";
  if (shade === "h")
    s += `<path d="${pn.d}" fill="url(#${c.p}sh)"/><path d="${pn.d}" fill="url(#${c.p}sv)"/>`;
  else if (shade === "v") s += `<path d="${pn.d}" fill="url(#${c.p}sv)"/>`;
  else if (shade === "round") s += `<path d="${pn.d}" fill="url(#${c.p}sr)"/>`;
  if (shade !== "none") s += `<path d="${pn.d}" fill="url(#${c.p}hl)"/>`;
  s += `${pn.lines ?? ""}</g>`;
  s += `<path d="${pn.d}" fill="none" stroke="${tone(fill, -0.45)}" stroke-opacity="${c.dark ? 0.6 : 0.32}" stroke-width="1.4"/>`;
  return `${s}</g>`;
}

/** How strongly the all-over print shows: busy prints are kept quiet so the garment reads first. */
const PATTERN_OPACITY: Record<Pattern, number> = {
  plain: 1,
  stripes: 0.8,
  paisley: 0.62,
  floral: 0.66,
  geometric: 0.5,
  embroidery: 0.85,
  lace: 1,
};

function foldGradient(id: string, color: string, opacity: number): string {
  return (
    `<linearGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="0"/>` +
    `<stop offset=".5" stop-color="${color}" stop-opacity="${op2(opacity)}"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient>`
  );
}

/** A soft pool of colour or shadow (a radial gradient instead of a costly blur). */
function glow(
  id: string,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: string,
  opacity: number,
): string {
  return (
    `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${op2(opacity)}"/>` +
    `<stop offset=".55" stop-color="${color}" stop-opacity="${op2(opacity * 0.45)}"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>` +
    `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="url(#${id})"/>`
  );
}

/** A soft drop shadow for flat-lays: the silhouette drawn with widening, fading strokes. */
function softShadow(id: string, shapes: string, dx: number, dy: number): string {
  const u = (attrs: string) => `<use href="#${id}" ${attrs}/>`;
  return (
    `<defs><g id="${id}">${shapes}</g></defs><g transform="translate(${dx} ${dy})" stroke="#2a1d12" stroke-linejoin="round">` +
    u(`fill="none" stroke-width="34" stroke-opacity=".035"`) +
    u(`fill="none" stroke-width="20" stroke-opacity=".045"`) +
    u(`fill="none" stroke-width="8" stroke-opacity=".06"`) +
    u(`fill="#2a1d12" fill-opacity=".1" stroke="none"`) +
    `</g>`
  );
}

/** Gradients, motifs and the all-over pattern for one garment. */
function garmentDefs(c: Ctx, patScale: number, patRotate: number): string {
  const tile = patternTile(c, c.pattern, c.accent);
  const edge = c.dark ? 0.34 : 0.2;
  const glow = c.dark ? 0.13 : 0.16;
  return (
    motifDefs(c.p) +
    (tile.body
      ? `<pattern id="${c.p}pat" patternUnits="userSpaceOnUse" width="${tile.size}" height="${tile.size}" ` +
        `patternTransform="rotate(${num(patRotate)}) scale(${op2(patScale)})">` +
        `<g opacity="${PATTERN_OPACITY[c.pattern]}">${tile.body}</g></pattern>`
      : "") +
    `<linearGradient id="${c.p}sh" x1="0" x2="1" y1="0" y2="0">` +
    `<stop offset="0" stop-color="#120c08" stop-opacity="${edge}"/>` +
    `<stop offset=".22" stop-color="#120c08" stop-opacity="${op2(edge * 0.2)}"/>` +
    `<stop offset=".46" stop-color="#fff8ee" stop-opacity="${glow}"/>` +
    `<stop offset=".78" stop-color="#120c08" stop-opacity="${op2(edge * 0.25)}"/>` +
    `<stop offset="1" stop-color="#120c08" stop-opacity="${op2(edge * 1.1)}"/></linearGradient>` +
    `<linearGradient id="${c.p}sv" x1="0" x2="0" y1="0" y2="1">` +
    `<stop offset="0" stop-color="#fff8ee" stop-opacity="${c.dark ? 0.08 : 0.1}"/>` +
    `<stop offset=".5" stop-color="#fff8ee" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#120c08" stop-opacity="${c.dark ? 0.2 : 0.12}"/></linearGradient>` +
    `<linearGradient id="${c.p}sr" x1="0" x2="0" y1="0" y2="1">` +
    `<stop offset="0" stop-color="#fff8ee" stop-opacity=".26"/>` +
    `<stop offset=".35" stop-color="#fff8ee" stop-opacity="0"/>` +
    `<stop offset=".7" stop-color="#120c08" stop-opacity=".08"/>` +
    `<stop offset="1" stop-color="#120c08" stop-opacity=".34"/></linearGradient>` +
    `<radialGradient id="${c.p}hl" cx=".36" cy=".18" r=".7">` +
    `<stop offset="0" stop-color="#fffaf2" stop-opacity="${c.dark ? 0.1 : 0.14}"/>` +
    `<stop offset="1" stop-color="#fffaf2" stop-opacity="0"/></radialGradient>` +
    foldGradient(`${c.p}fd`, "#0d0906", c.dark ? 0.55 : 0.24) +
    foldGradient(`${c.p}fl`, "#fffaf0", c.dark ? 0.17 : 0.22)
  );
}

// ---------------------------------------------------------------------------------------------------------
// Garments (drawn in a 1200 x 1500 space, centred on x = 600, floor at y = 1392)
// ---------------------------------------------------------------------------------------------------------

interface Garment {
  /** SVG drawn before the panels (inner back neck, things behind). */
  under: string;
  panels: Panel[];
  /** SVG drawn after the panels. */
  over: string;
  /** Half width at the hem, for the floor shadow. */
  hemHalf: number;
  /** Candidate close-up centres and zoom factors. */
  focus: { x: number; y: number; s: number }[];
  /** Whether the dress-form neck shows above the garment. */
  neck: boolean;
}

const MIRROR = "matrix(-1 0 0 1 1200 0)";

function innerBackNeck(c: Ctx, half: number, y: number, dip: number): string {
  return `<path d="${d`M${600 - half} ${y}Q600 ${y + 18} ${600 + half} ${y}Q600 ${y + dip} ${600 - half} ${y}Z`}" fill="${tone(c.base, c.dark ? 0.08 : -0.3)}"/>`;
}

function neckline(back: boolean, half: number, y: number, dip: number): string {
  return back ? d`Q600 ${y + 16} ${600 - half} ${y}Z` : d`Q600 ${y + dip} ${600 - half} ${y}Z`;
}

function abaya(c: Ctx, view: View): Garment {
  const back = view === "back";
  const flat = view === "flat";
  const hemHalf = range(c.rng, 262, 318);
  const hemY = 1376;
  const wide = range(c.rng, 0, 70);
  const x = (v: number) => 1200 - v;
  const body =
    d`M554 218C530 228 500 240 476 252C466 300 468 380 470 440C466 700 ${600 - hemHalf + 44} 1100 ${600 - hemHalf} ${hemY}` +
    d`Q${600 - hemHalf / 2} ${hemY + 20} 600 ${hemY + 20}Q${600 + hemHalf / 2} ${hemY + 20} ${600 + hemHalf} ${hemY}` +
    d`C${x(600 - hemHalf + 44)} 1100 ${x(466)} 700 ${x(470)} 440C${x(468)} 380 ${x(466)} 300 ${x(476)} 252` +
    d`C${x(500)} 240 ${x(530)} 228 646 218` +
    neckline(back, 46, 218, 44);

  const hemCurve = quad([600 - hemHalf - 40, hemY - 4], [600, hemY + 42], [600 + hemHalf + 40, hemY - 4], 30);
  const bands: Band[] = [{ pts: shiftPts(hemCurve, 0, -34), h: 40 }];
  let lines = "";
  if (!back) {
    // Front opening: a centre closure with an embroidered placket on decorated abayas.
    if (c.pattern === "plain" || c.pattern === "stripes") {
      lines += `<path d="M600 262V${hemY + 20}" stroke="${tone(c.base, -0.5)}" stroke-width="2.4" opacity=".55"/>`;
      lines += `<path d="M607 262V${hemY + 20}" stroke="${c.accent}" stroke-width="1.6" opacity=".7"/>`;
      lines += `<path d="M593 262V${hemY + 20}" stroke="${c.accent}" stroke-width="1.6" opacity=".7"/>`;
    } else {
      bands.push({ pts: cubic([600, 250], [600, 600], [600, 1000], [600, hemY + 30], 20), h: 34 });
    }
  } else {
    lines += `<path d="M600 236V${hemY + 20}" stroke="${tone(c.base, -0.5)}" stroke-width="1.6" opacity=".35"/>`;
  }
  const folds = fanFolds(c, 600, 540, hemY, 110, hemHalf, 7);
  folds.push({ x0: 486, y0: 440, x1: 600 - hemHalf + 30, y1: hemY + 30, w: 26, light: false, bow: -10 });
  // Shadow the sleeves cast on the body.
  folds.push({ x0: 478, y0: 420, x1: 456, y1: 930, w: 34, light: false, bow: 0 });
  folds.push({ x0: 722, y0: 420, x1: 744, y1: 930, w: 34, light: false, bow: 0 });
  folds.push({ x0: 714, y0: 440, x1: 600 + hemHalf - 30, y1: hemY + 30, w: 26, light: false, bow: 10 });

  let belt = "";
  if (!back && c.rng() < 0.45) {
    belt =
      `<path d="M${470} 566Q600 586 ${730} 566L${731} 586Q600 606 ${469} 586Z" fill="${tone(c.base, c.dark ? 0.06 : -0.08)}"/>` +
      `<path d="M636 590C640 660 628 760 640 840L656 838C648 760 656 660 650 590Z" fill="${tone(c.base, c.dark ? 0.04 : -0.1)}"/>` +
      `<path d="M624 590C612 670 606 740 596 800L612 804C620 740 628 670 638 590Z" fill="${tone(c.base, c.dark ? 0.05 : -0.06)}"/>` +
      `<ellipse cx="632" cy="588" rx="15" ry="11" fill="${tone(c.base, c.dark ? 0.08 : -0.05)}"/>`;
  }

  const ax = 258 - wide;
  const cuffY = 874 + wide * 0.3;
  const sleeve =
    d`M476 252C446 290 ${392 - wide * 0.8} 520 ${ax} ${cuffY}Q${(ax + 432) / 2} ${cuffY + 40} 432 892` +
    d`C450 760 468 560 474 430C476 340 478 290 476 252Z`;
  const cuff = quad([ax - 30, cuffY - 12], [(ax + 432) / 2, cuffY + 46], [462, 896], 20);
  const sleeveFolds: Fold[] = [
    { x0: 450, y0: 330, x1: ax + 50, y1: cuffY + 40, w: 18, light: true, bow: -20 },
    { x0: 460, y0: 420, x1: ax + 100, y1: cuffY + 40, w: 24, light: false, bow: -10 },
    { x0: 470, y0: 520, x1: 400, y1: 910, w: 16, light: true, bow: 0 },
  ];
  const spread = flat ? 24 : 0;
  const sleevePanel = (mirror: boolean): Panel => ({
    d: sleeve,
    transform: `${mirror ? `${MIRROR} ` : ""}rotate(${spread} 476 252)`,
    folds: sleeveFolds,
    bands: [{ pts: shiftPts(cuff, 0, -30), h: 34 }],
    // The darker inside of the sleeve shows at the cuff opening.
    lines: `<path d="${d`M${ax + 6} ${cuffY + 2}Q${(ax + 432) / 2} ${cuffY + 40} 430 890Q${(ax + 432) / 2} ${cuffY + 22} ${ax + 6} ${cuffY + 2}Z`}" fill="${tone(c.base, c.dark ? 0.1 : -0.35)}" opacity=".8"/>`,
  });

  return {
    under: back ? "" : innerBackNeck(c, 46, 218, 44),
    panels: [{ d: body, folds, bands, lines }, sleevePanel(false), sleevePanel(true)],
    over: belt,
    hemHalf,
    focus: [
      { x: 600, y: 470, s: 2.4 },
      { x: 400, y: 800, s: 2.3 },
      { x: 600, y: 1220, s: 2.2 },
    ],
    neck: true,
  };
}

/** The kaftan/jalabiya neckline: an embroidered V yoke around a keyhole opening with a centre column. */
function yokeEmbroidery(
  c: Ctx,
  emb: BandStyle,
  back: boolean,
  hemY: number,
): { bands: Band[]; lines: string } {
  const bands: Band[] = [];
  let lines = "";
  if (!back) {
    const left = cubic([548, 214], [556, 300], [578, 400], [600, 470], 16);
    bands.push({ pts: left, h: 30, style: emb });
    bands.push({ pts: mirrorPts(left), h: 30, style: emb });
    bands.push({
      pts: [
        [600, 492],
        [600, 700],
      ],
      h: 30,
      style: emb,
    });
    lines += `<path d="M600 256V420" stroke="${tone(c.base, -0.55)}" stroke-width="3" opacity=".7"/>`;
    for (const y of [300, 350, 400]) {
      lines += `<circle cx="600" cy="${y}" r="5" fill="${c.accent}"/><circle cx="600" cy="${y}" r="2" fill="${tone(c.accent, -0.4)}"/>`;
    }
  } else {
    const backNeck = quad([520, 226], [600, 276], [680, 226], 16);
    bands.push({ pts: shiftPts(backNeck, 0, 12), h: 26, style: emb });
    lines += `<path d="M600 240V${hemY + 16}" stroke="${tone(c.base, -0.5)}" stroke-width="1.4" opacity=".3"/>`;
  }
  return { bands, lines };
}

const DEFAULT_EMBROIDERY: BandStyle = {
  motif: "mv",
  spacing: 40,
  scale: 1,
  rotate: 0,
  ground: true,
  scallop: false,
};

/** Kaftan: one piece, batwing sleeves that fall in soft drapes from the shoulders. */
function kaftan(c: Ctx, view: View): Garment {
  const back = view === "back";
  const flat = view === "flat";
  const w = range(c.rng, 0, 36);
  const hemHalf = range(c.rng, 214, 244);
  const hemY = 1378;
  const Sh: Pt = flat ? [470, 240] : [474, 256];
  const O: Pt = flat ? [150 - w * 0.5, 300] : [262 - w, 404];
  const Sb: Pt = flat ? [150 - w * 0.5, 660] : [222 - w, 790];
  const SS: Pt = flat ? [446, 700] : [448, 880];
  const sag: Pt = flat ? [0, 40] : [0, 60];
  const H: Pt = [600 - hemHalf, hemY];
  const x = (v: number) => 1200 - v;
  const c1: Pt = [Sb[0] + 70, Sb[1] + sag[1]];
  const c2: Pt = [SS[0] - 90, SS[1] + sag[1] * 0.6];
  const body =
    d`M556 218C524 226 496 240 ${Sh[0]} ${Sh[1]}C${Sh[0] - 80} ${Sh[1] + 14} ${O[0] + 60} ${O[1] - 50} ${O[0]} ${O[1]}` +
    d`C${O[0] - 20} ${O[1] + 140} ${Sb[0] + 4} ${Sb[1] - 200} ${Sb[0]} ${Sb[1]}` +
    d`C${c1[0]} ${c1[1]} ${c2[0]} ${c2[1]} ${SS[0]} ${SS[1]}C${SS[0] - 8} 1060 ${H[0] + 10} 1220 ${H[0]} ${H[1]}` +
    d`Q${600 - hemHalf / 2} ${hemY + 14} 600 ${hemY + 16}Q${600 + hemHalf / 2} ${hemY + 14} ${x(H[0])} ${H[1]}` +
    d`C${x(H[0] + 10)} 1220 ${x(SS[0] - 8)} 1060 ${x(SS[0])} ${SS[1]}C${x(c2[0])} ${c2[1]} ${x(c1[0])} ${c1[1]} ${x(Sb[0])} ${Sb[1]}` +
    d`C${x(Sb[0] + 4)} ${Sb[1] - 200} ${x(O[0] - 20)} ${O[1] + 140} ${x(O[0])} ${O[1]}` +
    d`C${x(O[0] + 60)} ${O[1] - 50} ${x(Sh[0] - 80)} ${Sh[1] + 14} ${x(Sh[0])} ${Sh[1]}C704 240 676 226 644 218` +
    neckline(back, 44, 218, 40);

  const emb = bandStyle(c.pattern) ?? DEFAULT_EMBROIDERY;
  const hemCurve = quad([H[0] - 40, hemY - 6], [600, hemY + 30], [x(H[0]) + 40, hemY - 6], 30);
  const sleeveHem = cubic(Sb, c1, c2, SS, 24);
  const yoke = yokeEmbroidery(c, emb, back, hemY);
  const bands: Band[] = [
    { pts: shiftPts(hemCurve, 0, -40), h: 46, style: emb },
    { pts: shiftPts(sleeveHem, 0, -28), h: 32, style: emb },
    { pts: mirrorPts(shiftPts(sleeveHem, 0, -28)), h: 32, style: emb },
    ...yoke.bands,
  ];
  const folds = fanFolds(c, 600, 880, hemY, 150, hemHalf, 6);
  for (const m of [false, true]) {
    const fx = (v: number) => (m ? 1200 - v : v);
    const b = m ? 1 : -1;
    // Drapes falling from the shoulder to the dips of the sleeve hem.
    folds.push({ x0: fx(476), y0: 262, x1: fx(Sb[0] + 30), y1: Sb[1] + 10, w: 24, light: true, bow: b * 30 });
    folds.push({
      x0: fx(490),
      y0: 270,
      x1: fx(Sb[0] + 120),
      y1: Sb[1] + 50,
      w: 36,
      light: false,
      bow: b * 26,
    });
    folds.push({
      x0: fx(510),
      y0: 290,
      x1: fx(Sb[0] + 200),
      y1: Sb[1] + 70,
      w: 22,
      light: true,
      bow: b * 10,
    });
    folds.push({ x0: fx(530), y0: 320, x1: fx(SS[0] - 40), y1: SS[1] + 30, w: 30, light: false, bow: 0 });
    folds.push({ x0: fx(SS[0] + 10), y0: SS[1] - 40, x1: fx(H[0] + 30), y1: hemY + 30, w: 30, light: false });
  }
  let over = "";
  if (!back && c.rng() < 0.6) {
    // A fine cord gathering the waist, tied at the centre.
    const cord = tone(c.accent, -0.1);
    const wy = flat ? 720 : 760;
    const wx = flat ? 452 : 456;
    over =
      `<path d="${d`M${wx} ${wy}Q600 ${wy + 28} ${x(wx)} ${wy}`}" fill="none" stroke="${cord}" stroke-width="4"/>` +
      `<path d="${d`M600 ${wy + 22}C592 ${wy + 84} 584 ${wy + 144} 590 ${wy + 214}M600 ${wy + 22}C610 ${wy + 80} 622 ${wy + 134} 618 ${wy + 194}`}" fill="none" stroke="${cord}" stroke-width="3.4" stroke-linecap="round"/>` +
      `<circle cx="590" cy="${wy + 220}" r="7" fill="${cord}"/><circle cx="618" cy="${wy + 200}" r="7" fill="${cord}"/>`;
  }
  return {
    under: back ? "" : innerBackNeck(c, 44, 218, 40),
    panels: [{ d: body, folds, bands, lines: yoke.lines, foldStrength: 0.9 }],
    over,
    hemHalf,
    focus: [
      { x: 600, y: 420, s: 2.5 },
      { x: 600, y: 440, s: 2.2 },
      { x: Sb[0] + 170, y: Sb[1] - 20, s: 2.2 },
    ],
    neck: true,
  };
}

/** Jalabiya: a straight, roomy body with wide straight sleeves and the embroidered neckline. */
function jalabiya(c: Ctx, view: View): Garment {
  const back = view === "back";
  const flat = view === "flat";
  const hemHalf = range(c.rng, 206, 232);
  const hemY = 1378;
  const wide = range(c.rng, 0, 40);
  const x = (v: number) => 1200 - v;
  const body =
    d`M556 218C530 228 500 240 474 252C464 300 464 380 466 440C464 700 ${600 - hemHalf + 20} 1100 ${600 - hemHalf} ${hemY}` +
    d`Q${600 - hemHalf / 2} ${hemY + 16} 600 ${hemY + 16}Q${600 + hemHalf / 2} ${hemY + 16} ${600 + hemHalf} ${hemY}` +
    d`C${x(600 - hemHalf + 20)} 1100 ${x(464)} 700 ${x(466)} 440C${x(464)} 380 ${x(464)} 300 ${x(474)} 252` +
    d`C${x(500)} 240 ${x(530)} 228 644 218` +
    neckline(back, 44, 218, 40);
  const emb = bandStyle(c.pattern) ?? DEFAULT_EMBROIDERY;
  const hemCurve = quad([600 - hemHalf - 40, hemY - 4], [600, hemY + 30], [600 + hemHalf + 40, hemY - 4], 30);
  const yoke = yokeEmbroidery(c, emb, back, hemY);
  const folds = fanFolds(c, 600, 620, hemY, 120, hemHalf, 6);
  folds.push({ x0: 476, y0: 420, x1: 440, y1: 860, w: 34, light: false, bow: 0 });
  folds.push({ x0: 724, y0: 420, x1: 760, y1: 860, w: 34, light: false, bow: 0 });

  // Wide straight sleeve with a square cuff at the hip.
  const ax = 300 - wide;
  const cuffY = 830;
  const sleeve =
    d`M474 252C440 280 ${ax + 40} 420 ${ax} ${cuffY}L${ax + 8} ${cuffY + 10}Q${(ax + 452) / 2} ${cuffY + 26} 452 ${cuffY + 20}` +
    d`C458 700 468 520 472 430C474 340 476 290 474 252Z`;
  const cuff: Pt[] = [
    [ax - 20, cuffY - 6],
    [(ax + 452) / 2, cuffY + 14],
    [470, cuffY + 12],
  ];
  const spread = flat ? 26 : 0;
  const sleevePanel = (mirror: boolean): Panel => ({
    d: sleeve,
    transform: `${mirror ? `${MIRROR} ` : ""}rotate(${spread} 474 252)`,
    folds: [
      { x0: 452, y0: 320, x1: ax + 40, y1: cuffY + 20, w: 18, light: true, bow: -12 },
      { x0: 462, y0: 420, x1: ax + 100, y1: cuffY + 20, w: 26, light: false, bow: -6 },
    ],
    bands: [{ pts: shiftPts(quad(cuff[0]!, cuff[1]!, cuff[2]!, 12), 0, -28), h: 32, style: emb }],
    lines: `<path d="${d`M${ax + 8} ${cuffY + 8}Q${(ax + 452) / 2} ${cuffY + 26} 452 ${cuffY + 19}Q${(ax + 452) / 2} ${cuffY + 12} ${ax + 8} ${cuffY + 8}Z`}" fill="${tone(c.base, c.dark ? 0.1 : -0.35)}" opacity=".8"/>`,
  });
  return {
    under: back ? "" : innerBackNeck(c, 44, 218, 40),
    panels: [
      {
        d: body,
        folds,
        bands: [{ pts: shiftPts(hemCurve, 0, -40), h: 46, style: emb }, ...yoke.bands],
        lines: yoke.lines,
      },
      sleevePanel(false),
      sleevePanel(true),
    ],
    over: "",
    hemHalf,
    focus: [
      { x: 600, y: 420, s: 2.5 },
      { x: 600, y: 460, s: 2.2 },
      { x: 380, y: 800, s: 2.3 },
    ],
    neck: true,
  };
}

function dupattaPanel(c: Ctx, back: boolean, length: number): Panel {
  const col = mix(c.accent, "#fffaf2", 0.18);
  const pts = cubic([684, 260], [690, 600], [700, 900], [690, length], 12);
  const dupatta = d`M628 226C690 236 745 250 770 300C800 600 812 900 ${822} ${length + 26}L${690} ${length}C690 950 672 620 650 420C640 330 628 280 628 226Z`;
  const hemBand = quad([680, length - 20], [760, length + 2], [834, length + 8], 10);
  let fringe = "";
  for (let i = 0; i <= 14; i++) {
    const t = i / 14;
    const fx = 690 + (822 - 690) * t;
    const fy = length + 26 * t;
    fringe += d`M${fx} ${fy}l${2 + t * 2} 22`;
  }
  return {
    d: dupatta,
    transform: back ? MIRROR : undefined,
    fill: col,
    opacity: 0.86,
    patternId: `${c.p}dp`,
    folds: [
      { x0: 720, y0: 300, x1: 740, y1: length, w: 18, light: false },
      { x0: 760, y0: 320, x1: 790, y1: length + 20, w: 14, light: true },
      { x0: pts[3]![0], y0: pts[3]![1], x1: 700, y1: length, w: 10, light: false },
    ],
    foldStrength: 0.8,
    bands: [
      {
        pts: shiftPts(hemBand, 0, -26),
        h: 30,
        color: c.base,
        ground: mix(col, c.base, 0.1),
        style: { motif: "mb", spacing: 22, scale: 1.2, rotate: 0, ground: true, scallop: false },
      },
    ],
    lines: `<path d="${fringe}" stroke="${tone(col, -0.2)}" stroke-width="2"/>`,
    shadow: false,
  };
}

function tunic(c: Ctx, view: View, kind: "kurta" | "sharara"): Garment {
  const back = view === "back";
  const flat = view === "flat";
  const x = (v: number) => 1200 - v;
  const short = kind === "sharara";
  const hemY = short ? 820 : range(c.rng, 960, 1000);
  const hemSide = short ? 470 : range(c.rng, 430, 446);
  const body =
    d`M556 220C530 230 510 240 490 248C500 300 506 360 506 400C510 470 512 520 508 570` +
    d`C500 680 ${hemSide + 30} ${hemY - 150} ${hemSide} ${hemY}Q${(hemSide + 600) / 2} ${hemY + 12} 600 ${hemY + 12}` +
    d`Q${x((hemSide + 600) / 2)} ${hemY + 12} ${x(hemSide)} ${hemY}C${x(hemSide + 30)} ${hemY - 150} ${x(500)} 680 ${x(508)} 570` +
    d`C${x(512)} 520 ${x(510)} 470 ${x(506)} 400C${x(506)} 360 ${x(500)} 300 ${x(490)} 248C${x(510)} 240 ${x(530)} 230 644 220` +
    neckline(back, 44, 220, 54);
  const hemCurve = quad([hemSide - 20, hemY - 4], [600, hemY + 26], [x(hemSide) + 20, hemY - 4], 24);
  const bands: Band[] = [{ pts: shiftPts(hemCurve, 0, -30), h: 36 }];
  let lines = "";
  if (!back) {
    const neckCurve = quad([552, 218], [600, 298], [648, 218], 20);
    const emb = bandStyle(c.pattern) ?? {
      motif: "mb",
      spacing: 22,
      scale: 1,
      rotate: 0,
      ground: true,
      scallop: false,
    };
    bands.push({ pts: shiftPts(neckCurve, 0, 14), h: 24, style: emb });
    bands.push({
      pts: [
        [600, 290],
        [600, 470],
      ],
      h: 24,
      style: emb,
    });
    for (const y of [318, 368, 418]) lines += `<circle cx="600" cy="${y}" r="4.5" fill="${c.accent}"/>`;
  } else {
    lines += `<path d="M600 238V${hemY + 12}" stroke="${tone(c.base, -0.5)}" stroke-width="1.4" opacity=".3"/>`;
  }
  // Side slits of the kurta.
  if (!short) {
    lines += `<path d="${d`M${hemSide + 12} ${hemY - 150}L${hemSide + 2} ${hemY}M${x(hemSide + 12)} ${hemY - 150}L${x(hemSide + 2)} ${hemY}`}" stroke="${tone(c.base, -0.5)}" stroke-width="2" opacity=".5"/>`;
  }
  const folds = fanFolds(c, 600, short ? 600 : 640, hemY, 90, 600 - hemSide, 5);
  folds.push({ x0: 520, y0: 560, x1: hemSide + 20, y1: hemY + 20, w: 18, light: false });
  folds.push({ x0: 680, y0: 560, x1: x(hemSide + 20), y1: hemY + 20, w: 18, light: false });

  const sleeve = d`M490 248C460 270 440 500 428 772Q456 786 488 776C492 620 500 480 506 400C500 330 496 290 490 248Z`;
  const cuff = quad([420, 760], [458, 778], [494, 764], 8);
  const spread = flat ? 18 : 0;
  const sleevePanel = (mirror: boolean): Panel => ({
    d: sleeve,
    transform: `${mirror ? `${MIRROR} ` : ""}rotate(${spread} 490 248)`,
    folds: [
      { x0: 480, y0: 320, x1: 444, y1: 780, w: 14, light: true },
      { x0: 492, y0: 420, x1: 474, y1: 780, w: 12, light: false },
    ],
    bands: [{ pts: shiftPts(cuff, 0, -20), h: 24 }],
  });

  const lower: Panel[] = [];
  const trouserFill = short ? c.base : tone(c.base, c.dark ? 0.1 : -0.12);
  if (!short) {
    const leg = d`M506 ${hemY - 80}L598 ${hemY - 80}C597 1100 596 1250 592 1378L524 1378C520 1250 512 1100 506 ${hemY - 80}Z`;
    const ankle: Band = {
      pts: [
        [515, 1356],
        [600, 1356],
      ],
      h: 20,
    };
    for (const m of [false, true]) {
      lower.push({
        d: leg,
        transform: m ? MIRROR : undefined,
        fill: trouserFill,
        patterned: false,
        bands: [ankle],
        folds: [{ x0: 552, y0: hemY, x1: 556, y1: 1378, w: 10, light: true }],
      });
    }
  } else {
    // Sharara: each leg flares from a gathered knee band to the floor.
    const leg =
      d`M512 770L602 770C603 880 604 960 606 1040C640 1160 690 1280 716 1384Q560 1404 396 1384` +
      d`C440 1280 480 1150 500 1040C504 960 508 860 512 770Z`;
    const knee: Band = {
      pts: [
        [490, 1040],
        [616, 1040],
      ],
      h: 30,
      style: bandStyle(c.pattern) ?? {
        motif: "md",
        spacing: 24,
        scale: 0.9,
        rotate: 0,
        ground: true,
        scallop: false,
      },
    };
    const legHem = quad([380, 1360], [556, 1396], [730, 1360], 20);
    const legFolds: Fold[] = [];
    for (let i = 0; i < 6; i++) {
      const t = -1 + (2 * (i + 0.5)) / 6;
      legFolds.push({
        x0: 556 + t * 40,
        y0: 1060,
        x1: 556 + t * 150 + range(c.rng, -10, 10),
        y1: 1400,
        w: range(c.rng, 14, 24),
        light: i % 2 === 0,
      });
    }
    for (const m of [true, false]) {
      lower.push({
        d: leg,
        transform: m ? MIRROR : undefined,
        folds: legFolds,
        bands: [knee, { pts: shiftPts(legHem, 0, -24), h: 30 }],
      });
    }
  }
  const panels: Panel[] = [
    ...lower,
    { d: body, folds, bands, lines },
    sleevePanel(false),
    sleevePanel(true),
    dupattaPanel(c, back, short ? 1150 : 1240),
  ];
  return {
    under: back ? "" : innerBackNeck(c, 44, 220, 54),
    panels,
    over: "",
    hemHalf: short ? 200 : 120,
    focus: short
      ? [
          { x: 600, y: 380, s: 2.5 },
          { x: 560, y: 1060, s: 2.3 },
        ]
      : [
          { x: 600, y: 380, s: 2.5 },
          { x: 560, y: 920, s: 2.2 },
        ],
    neck: true,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Fabric compositions
// ---------------------------------------------------------------------------------------------------------

interface FabricColours {
  shirt: string;
  dupatta: string;
  trouser: string;
}

function fabricColours(c: Ctx): FabricColours {
  return {
    shirt: c.base,
    dupatta: mix(c.accent, "#fffaf2", 0.22),
    trouser: tone(c.base, c.dark ? 0.1 : -0.16),
  };
}

/** One folded piece seen slightly from above: a top face and a rounded fold edge. */
function foldedPiece(
  c: Ctx,
  cx: number,
  y: number,
  w: number,
  thick: number,
  depth: number,
  fill: string,
  patterned: boolean,
  patternId?: string,
): string {
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  const r = thick / 2;
  const inset = depth * 0.18;
  const top = d`M${x0 + 4} ${y - thick}L${x0 + inset} ${y - thick - depth}Q${cx} ${y - thick - depth - 6} ${x1 - inset} ${y - thick - depth}L${x1 - 4} ${y - thick}Z`;
  const k = r * 0.55;
  const front = d`M${x0} ${y - thick}H${x1}C${x1 + k} ${y - thick} ${x1 + k} ${y} ${x1} ${y}H${x0}C${x0 - k} ${y} ${x0 - k} ${y - thick} ${x0} ${y - thick}Z`;
  const layer = tone(fill, -0.3);
  const creases: Fold[] = [
    { x0: x0 + w * 0.3, y0: y - thick - depth, x1: x0 + w * 0.26, y1: y - thick, w: 16, light: true },
    { x0: x0 + w * 0.7, y0: y - thick - depth, x1: x0 + w * 0.74, y1: y - thick, w: 20, light: false },
  ];
  return (
    panelSvg(c, { d: top, fill, patterned, patternId, folds: creases, foldStrength: 0.5, shade: "v" }) +
    panelSvg(c, {
      d: front,
      fill,
      patterned,
      patternId,
      shade: "round",
      lines:
        `<path d="${d`M${x0} ${y - thick * 0.38}H${x1}M${x0} ${y - thick * 0.7}H${x1}`}" stroke="${layer}" stroke-width="1.6" opacity=".45"/>` +
        `<path d="${d`M${x0} ${y - thick * 0.36}H${x1}`}" stroke="#fffaf0" stroke-width="1.2" opacity=".25"/>`,
    })
  );
}

function fabricStack(
  c: Ctx,
  cx: number,
  floorY: number,
  scale: number,
  withCascade: boolean,
  cascadeTo = floorY,
): string {
  const col = fabricColours(c);
  const s = scale;
  let out = "";
  let y = floorY;
  const pieces = [
    { w: 760, thick: 116, depth: 112, fill: col.trouser, patterned: false, patternId: undefined },
    { w: 700, thick: 104, depth: 100, fill: col.shirt, patterned: true, patternId: undefined },
    { w: 620, thick: 74, depth: 90, fill: col.dupatta, patterned: true, patternId: `${c.p}dp` },
  ];
  for (const [i, pc] of pieces.entries()) {
    out += foldedPiece(
      c,
      cx + (i === 1 ? -10 : i === 2 ? 14 : 0) * s,
      y,
      pc.w * s,
      pc.thick * s,
      pc.depth * s,
      pc.fill,
      pc.patterned,
      pc.patternId,
    );
    y = y - pc.thick * s - pc.depth * s * 0.42;
  }
  if (withCascade) {
    // The dupatta's end falls softly over the front of the stack, finished with a border and tassels.
    const topY = floorY - (116 + 104 + 74) * s - (112 + 100) * s * 0.42;
    const x0 = cx + 130 * s;
    const end = cascadeTo;
    const casc =
      d`M${x0} ${topY}C${x0 + 10 * s} ${topY + 200 * s} ${x0 - 30 * s} ${end - 200 * s} ${x0 - 10 * s} ${end + 4}` +
      d`Q${x0 + 90 * s} ${end + 18} ${x0 + 190 * s} ${end}C${x0 + 200 * s} ${end - 200 * s} ${x0 + 160 * s} ${topY + 160 * s} ${x0 + 170 * s} ${topY - 2}Z`;
    const hem = quad(
      [x0 - 20 * s, end - 24 * s],
      [x0 + 90 * s, end - 8 * s],
      [x0 + 200 * s, end - 26 * s],
      10,
    );
    let fringe = "";
    for (const m of along(
      quad([x0 - 10 * s, end + 4], [x0 + 90 * s, end + 18], [x0 + 190 * s, end], 10),
      9 * s,
    )) {
      fringe += d`M${m.x} ${m.y - 2}l1 ${16 * s}`;
    }
    out += panelSvg(c, {
      d: casc,
      fill: col.dupatta,
      opacity: 0.92,
      patternId: `${c.p}dp`,
      folds: [
        { x0: x0 + 60 * s, y0: topY, x1: x0 + 50 * s, y1: end, w: 22 * s, light: false },
        { x0: x0 + 120 * s, y0: topY, x1: x0 + 130 * s, y1: end, w: 16 * s, light: true },
      ],
      bands: [
        {
          pts: hem,
          h: 30 * s,
          color: c.base,
          style: { motif: "mb", spacing: 22 * s, scale: 1.1 * s, rotate: 0, ground: true, scallop: false },
        },
      ],
      lines: `<path d="${fringe}" stroke="${tone(col.dupatta, -0.25)}" stroke-width="2"/>`,
    });
  }
  return out;
}

function fabricDrape(c: Ctx): string {
  const col = fabricColours(c);
  const roll = tone(col.shirt, c.dark ? 0.08 : -0.05);
  let s = "";
  // Bolt on a slim rod, fabric hanging to the floor and pooling.
  s += `<rect x="250" y="286" width="700" height="8" rx="4" fill="#8a7560"/>`;
  const body =
    "M322 318H878C884 640 900 1020 928 1306C940 1360 912 1392 860 1394Q760 1400 700 1388Q620 1406 540 1390" +
    "Q440 1404 340 1392C290 1388 264 1364 272 1310C300 1020 316 640 322 318Z";
  const folds: Fold[] = [];
  for (let i = 0; i < 9; i++) {
    const t = (i + 0.5) / 9;
    folds.push({
      x0: 330 + t * 540,
      y0: 330,
      x1: 290 + t * 620 + range(c.rng, -14, 14),
      y1: 1400,
      w: range(c.rng, 16, 34),
      light: i % 2 === 0,
      bow: range(c.rng, -20, 20),
    });
  }
  const hemCurve = cubic([260, 1290], [500, 1310], [700, 1300], [940, 1290], 24);
  s += panelSvg(c, {
    d: body,
    fill: col.shirt,
    folds,
    bands: [{ pts: hemCurve, h: 70 }],
    foldStrength: 1.1,
  });
  // The roll itself.
  s += panelSvg(c, {
    d: "M300 254H900A26 56 0 0 1 900 366H300A26 56 0 0 1 300 254Z",
    fill: roll,
    shade: "round",
    lines: `<path d="M300 280H900M300 340H900" stroke="${tone(roll, -0.3)}" stroke-width="1.2" opacity=".35"/>`,
  });
  s += `<ellipse cx="300" cy="310" rx="26" ry="56" fill="${tone(roll, -0.18)}"/>`;
  s += `<ellipse cx="300" cy="310" rx="18" ry="40" fill="none" stroke="${tone(roll, -0.35)}" stroke-width="1.2" opacity=".6"/>`;
  s += `<ellipse cx="300" cy="310" rx="10" ry="22" fill="#cdb89a"/><ellipse cx="300" cy="310" rx="5" ry="12" fill="#7a6550"/>`;
  // A folded dupatta draped over the rod's end.
  s += panelSvg(c, {
    d: "M820 250C860 246 900 250 918 262C930 420 936 600 930 760L870 780C872 600 860 420 836 300Z",
    fill: col.dupatta,
    opacity: 0.9,
    patternId: `${c.p}dp`,
    folds: [{ x0: 880, y0: 270, x1: 900, y1: 770, w: 16, light: false }],
  });
  return s;
}

function flatFabrics(c: Ctx): { shadow: string; art: string } {
  const col = fabricColours(c);
  const rot = range(c.rng, -4, 4);
  const trouser = `M250 300H830V1180H250Z`;
  const shirt = `M380 420H980V1330H380Z`;
  const dup = `M130 1060L1040 180L1130 280L220 1160Z`;
  const tTr = d`rotate(${-6 + rot} 540 740)`;
  const sTr = d`rotate(${4 + rot} 680 875)`;
  const shirtHem = [
    [360, 1250],
    [1000, 1250],
  ] as Pt[];
  let fringe = "";
  for (let i = 0; i <= 12; i++) {
    const t = i / 12;
    fringe += d`M${130 + 90 * t} ${1060 + 100 * t}l-14 14`;
    fringe += d`M${1040 + 90 * t} ${180 + 100 * t}l14 -14`;
  }
  const shadow =
    `<path d="${trouser}" transform="${tTr}"/><path d="${shirt}" transform="${sTr}"/>` +
    `<path d="${dup}" opacity=".6"/>`;
  const art =
    panelSvg(c, { d: trouser, transform: tTr, fill: col.trouser, patterned: false, shade: "v" }) +
    panelSvg(c, {
      d: shirt,
      transform: sTr,
      fill: col.shirt,
      shade: "v",
      bands: [{ pts: shirtHem, h: 96 }],
      folds: [
        { x0: 500, y0: 420, x1: 520, y1: 1330, w: 16, light: true },
        { x0: 820, y0: 420, x1: 800, y1: 1330, w: 20, light: false },
      ],
      foldStrength: 0.5,
    }) +
    panelSvg(c, {
      d: dup,
      fill: col.dupatta,
      opacity: 0.88,
      patternId: `${c.p}dp`,
      shade: "v",
      folds: [
        { x0: 200, y0: 1080, x1: 1080, y1: 240, w: 18, light: true },
        { x0: 170, y0: 1110, x1: 1100, y1: 220, w: 12, light: false },
      ],
      foldStrength: 0.6,
      bands: [
        {
          pts: [
            [150, 1080],
            [250, 1180],
          ],
          h: 34,
          color: c.base,
          style: { motif: "mb", spacing: 20, scale: 1.2, rotate: 0, ground: true, scallop: false },
        },
        {
          pts: [
            [1010, 200],
            [1110, 300],
          ],
          h: 34,
          color: c.base,
          style: { motif: "mb", spacing: 20, scale: 1.2, rotate: 0, ground: true, scallop: false },
        },
      ],
    }) +
    `<path d="${fringe}" stroke="${tone(col.dupatta, -0.25)}" stroke-width="2.2" opacity=".9"/>`;
  return { shadow, art };
}

// ---------------------------------------------------------------------------------------------------------
// Backgrounds and props
// ---------------------------------------------------------------------------------------------------------

const STUDIO_TONES = [
  ["#f7f2ea", "#eee5d7", "#e6dac8"],
  ["#f5eee4", "#ebdfcf", "#e2d3bf"],
  ["#f6efea", "#ede1d8", "#e4d5ca"],
  ["#f4f0e8", "#e9e2d5", "#dfd6c6"],
] as const;
const DEEP_TONES = [
  ["#ebe2d4", "#ddd0bc", "#d2c3ac"],
  ["#e8dfd6", "#dacbbd", "#cfbeae"],
] as const;

function studioBackground(
  p: string,
  rng: Rng,
  garmentBase: string,
  w: number,
  h: number,
  floorY: number,
): string {
  const tones = lum(garmentBase) > 0.5 ? pick(rng, DEEP_TONES) : pick(rng, STUDIO_TONES);
  const [t0, t1, t2] = tones;
  const fy = num(floorY / h);
  return (
    `<defs><linearGradient id="${p}bg" x1="0" x2="0" y1="0" y2="1">` +
    `<stop offset="0" stop-color="${t0}"/><stop offset="${fy}" stop-color="${t1}"/>` +
    `<stop offset="${num(Math.min(1, floorY / h + 0.02))}" stop-color="${t2}"/><stop offset="1" stop-color="${tone(t2, 0.12)}"/></linearGradient>` +
    `<radialGradient id="${p}glow" cx=".5" cy=".38" r=".55"><stop offset="0" stop-color="#fffdf8" stop-opacity=".75"/>` +
    `<stop offset="1" stop-color="#fffdf8" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${p}vig" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#3a2a1c" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#3a2a1c" stop-opacity=".12"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${p}bg)"/><rect width="${w}" height="${h}" fill="url(#${p}glow)"/>`
  );
}

function flatBackground(p: string, rng: Rng, garmentBase: string, w: number, h: number): string {
  const light = lum(garmentBase) > 0.5;
  const surface = light ? pick(rng, ["#ddd0bd", "#d9cbbb"]) : pick(rng, ["#efe6d8", "#ece2d6", "#f0e9dd"]);
  let weave = "";
  for (let y = 0; y < 8; y += 4)
    weave += `<rect y="${y}" width="8" height="1.2" fill="#7a6450" opacity=".06"/>`;
  weave += `<rect x="3" width="1" height="8" fill="#fffaf0" opacity=".18"/>`;
  return (
    `<defs><pattern id="${p}weave" patternUnits="userSpaceOnUse" width="8" height="8">${weave}</pattern>` +
    `<radialGradient id="${p}glow" cx=".42" cy=".35" r=".8"><stop offset="0" stop-color="#fffdf8" stop-opacity=".55"/>` +
    `<stop offset="1" stop-color="#fffdf8" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${p}vig" cx=".5" cy=".5" r=".75"><stop offset=".55" stop-color="#3a2a1c" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#3a2a1c" stop-opacity=".16"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="${surface}"/><rect width="${w}" height="${h}" fill="url(#${p}weave)"/>` +
    `<rect width="${w}" height="${h}" fill="url(#${p}glow)"/>`
  );
}

function vignette(p: string, w: number, h: number): string {
  return `<rect width="${w}" height="${h}" fill="url(#${p}vig)"/>`;
}

function floorShadow(p: string, cx: number, y: number, half: number): string {
  return (
    glow(`${p}fs`, cx, y, half + 110, 40, "#3b2a1c", 0.2) +
    glow(`${p}fs2`, cx, y + 2, half, 12, "#2a1d12", 0.22)
  );
}

/** Dress-form neck with a turned wooden cap, standing behind the garment. */
function formNeck(p: string): string {
  return (
    `<defs><linearGradient id="${p}nk" x1="0" x2="1"><stop offset="0" stop-color="#bfae98"/>` +
    `<stop offset=".45" stop-color="#e3d8c8"/><stop offset="1" stop-color="#b5a38b"/></linearGradient>` +
    `<linearGradient id="${p}cap" x1="0" x2="1"><stop offset="0" stop-color="#5a4636"/><stop offset=".45" stop-color="#8a6f56"/>` +
    `<stop offset="1" stop-color="#4e3c2e"/></linearGradient></defs>` +
    `<path d="M566 246L570 158Q600 150 630 158L634 246Z" fill="url(#${p}nk)"/>` +
    `<path d="M561 163C561 138 639 138 639 163Q600 171 561 163Z" fill="url(#${p}cap)"/>` +
    `<ellipse cx="600" cy="139" rx="6" ry="3.5" fill="#6e5744"/>`
  );
}

/** A wooden spool with thread, a needle and two pearl pins: a quiet prop for flat-lays. */
function sewingProps(p: string, x: number, y: number, rot: number, thread: string): string {
  const th = safeHex(thread);
  let wraps = "";
  for (let i = 0; i < 9; i++)
    wraps += `<path d="M${-34 + i * 8} -22L${-30 + i * 8} 22" stroke="${tone(th, -0.25)}" stroke-width="1" opacity=".5"/>`;
  return (
    `<defs><linearGradient id="${p}sp" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/>` +
    `<stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></linearGradient>` +
    `</defs>` +
    `<g transform="translate(${num(x)} ${num(y)}) rotate(${num(rot)})">` +
    glow(`${p}ps`, 0, 8, 70, 42, "#2a1d12", 0.22) +
    `<rect x="-40" y="-22" width="80" height="44" fill="${th}"/>${wraps}` +
    `<rect x="-40" y="-22" width="80" height="44" fill="url(#${p}sp)"/>` +
    `<rect x="-52" y="-30" width="14" height="60" rx="4" fill="#c9a87e"/><rect x="38" y="-30" width="14" height="60" rx="4" fill="#c09c70"/>` +
    `<rect x="-52" y="-30" width="14" height="60" rx="4" fill="url(#${p}sp)"/><rect x="38" y="-30" width="14" height="60" rx="4" fill="url(#${p}sp)"/>` +
    `<path d="M40 10C90 40 120 90 100 130S40 170 10 190" fill="none" stroke="${th}" stroke-width="2"/>` +
    `<path d="M-20 190L140 170" stroke="#9c9a96" stroke-width="3" stroke-linecap="round"/>` +
    `<ellipse cx="132" cy="171" rx="5" ry="2" fill="none" stroke="#6d6b68" stroke-width="1.2"/>` +
    `<path d="M-60 90L-10 120M-70 120L-24 140" stroke="#a8a6a2" stroke-width="2" stroke-linecap="round"/>` +
    `<circle cx="-62" cy="89" r="7" fill="#f4efe6"/><circle cx="-72" cy="119" r="7" fill="#f1e4d8"/>` +
    `<circle cx="-64" cy="87" r="2.2" fill="#fff" opacity=".8"/><circle cx="-74" cy="117" r="2.2" fill="#fff" opacity=".8"/></g>`
  );
}

// ---------------------------------------------------------------------------------------------------------
// Composition
// ---------------------------------------------------------------------------------------------------------

function buildGarment(c: Ctx, kind: Kind, view: View): Garment {
  switch (kind) {
    case "abaya":
      return abaya(c, view);
    case "kaftan":
      return kaftan(c, view);
    case "jalabiya":
      return jalabiya(c, view);
    case "kurta":
    case "sharara":
      return tunic(c, view, kind);
    default:
      return abaya(c, view);
  }
}

function dupattaPatternDef(c: Ctx): string {
  // A light print for the dupatta: small buti motifs in the garment colour.
  return (
    `<pattern id="${c.p}dp" patternUnits="userSpaceOnUse" width="64" height="64">` +
    use(c, "mb", "translate(16 16) scale(1.1)", c.base, 0.55) +
    use(c, "mb", "translate(48 48) rotate(45) scale(.9)", c.base, 0.45) +
    `</pattern>`
  );
}

/** Garment group in its own 1200 x 1500 coordinates: defs + art. Used by product, hero and blog art. */
function garmentGroup(
  c: Ctx,
  kind: Kind,
  view: View,
  opts: { neck: boolean; floor: boolean },
): {
  defs: string;
  art: string;
  garment: Garment;
} {
  const patScale = range(c.rng, 0.86, 1.14);
  const patRot =
    c.pattern === "stripes"
      ? pick(c.rng, [0, 0, 0, 30])
      : c.pattern === "geometric"
        ? pick(c.rng, [0, 45])
        : 0;
  const defs = garmentDefs(c, patScale, patRot) + dupattaPatternDef(c);
  const g = buildGarment(c, kind, view);
  let art = "";
  if (opts.floor) art += floorShadow(c.p, 600, 1392, g.hemHalf);
  if (opts.neck && g.neck) art += formNeck(c.p);
  art += g.under;
  for (const pn of g.panels) art += panelSvg(c, pn);
  art += g.over;
  return { defs, art, garment: g };
}

function svgDoc(w: number, h: number, inner: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${inner}</svg>`;
}

function idPrefix(tag: string, seed: number): string {
  return `${tag}${(Math.abs(Math.floor(seed)) % 46656).toString(36)}`;
}

export function renderProductSvg(spec: ArtworkSpec): string {
  const { width: W, height: H } = PRODUCT_ART_SIZE;
  const p = idPrefix("a", spec.seed);
  const c = makeCtx(p, spec.base, spec.accent, spec.pattern, spec.seed);
  const bgRng = prng(spec.seed * 7 + 3);
  const view = spec.view;

  if (spec.kind === "fabric") return renderFabricSvg(c, view, bgRng);

  if (view === "flat") {
    const { defs, art, garment } = garmentGroup(c, spec.kind, "flat", { neck: false, floor: false });
    const rot = range(bgRng, -3, 3);
    const tr = d`translate(600 742) rotate(${rot}) scale(.84) translate(-600 -760)`;
    const shadow = garment.panels
      .filter((pn) => pn.shadow !== false)
      .map((pn) => `<path d="${pn.d}"${pn.transform ? ` transform="${pn.transform}"` : ""}/>`)
      .join("");
    const corner = bgRng() < 0.5;
    return svgDoc(
      W,
      H,
      flatBackground(p, bgRng, c.base, W, H) +
        `<defs>${defs}</defs>` +
        `<g transform="${tr}">${softShadow(`${p}sd`, shadow, 8, 14)}${art}</g>` +
        sewingProps(`${p}x`, corner ? 1020 : 160, 1250, corner ? -18 : 12, c.accent) +
        vignette(p, W, H),
    );
  }

  if (view === "detail") {
    const { defs, art, garment } = garmentGroup(c, spec.kind, "front", { neck: false, floor: false });
    const f = pick(bgRng, garment.focus);
    const tr = d`translate(600 750) scale(${f.s}) translate(${-f.x} ${-f.y})`;
    return svgDoc(
      W,
      H,
      studioBackground(p, bgRng, c.base, W, H, 1392) +
        `<defs>${defs}</defs><g transform="${tr}">${art}</g>` +
        vignette(p, W, H),
    );
  }

  const { defs, art } = garmentGroup(c, spec.kind, view, { neck: true, floor: true });
  return svgDoc(
    W,
    H,
    `${studioBackground(p, bgRng, c.base, W, H, 1330)}<defs>${defs}</defs>${art}${vignette(p, W, H)}`,
  );
}

function renderFabricSvg(c: Ctx, view: View, bgRng: Rng): string {
  const { width: W, height: H } = PRODUCT_ART_SIZE;
  const p = c.p;
  const defs = `<defs>${garmentDefs(c, range(c.rng, 0.9, 1.1), c.pattern === "stripes" ? 0 : 0)}${dupattaPatternDef(c)}</defs>`;
  if (view === "flat") {
    const { shadow, art } = flatFabrics(c);
    return svgDoc(
      W,
      H,
      flatBackground(p, bgRng, c.base, W, H) +
        defs +
        `${softShadow(`${p}sd`, shadow, 8, 14)}${art}` +
        sewingProps(`${p}x`, 1040, 1270, -14, c.accent) +
        vignette(p, W, H),
    );
  }
  if (view === "back") {
    return svgDoc(
      W,
      H,
      studioBackground(p, bgRng, c.base, W, H, 1330) +
        defs +
        floorShadow(p, 600, 1394, 330) +
        fabricDrape(c) +
        vignette(p, W, H),
    );
  }
  const bg = studioBackground(p, bgRng, c.base, W, H, 1330);
  if (view === "detail") {
    // Close-up of the hanging length: print, drape and the embroidered border.
    const fx = range(bgRng, 520, 700);
    return svgDoc(
      W,
      H,
      bg +
        defs +
        `<g transform="${d`translate(600 750) scale(2.3) translate(${-fx} -1130)`}">${fabricDrape(c)}</g>` +
        vignette(p, W, H),
    );
  }
  // The three pieces folded and stacked on a stone plinth, the dupatta's end falling over the front.
  const plinth =
    `<defs><linearGradient id="${p}pl" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#e2d6c5"/>` +
    `<stop offset="1" stop-color="#cdbda7"/></linearGradient><linearGradient id="${p}pt" x1="0" x2="1">` +
    `<stop offset="0" stop-color="#ebe1d2"/><stop offset=".5" stop-color="#f3ebdf"/><stop offset="1" stop-color="#e4d8c7"/></linearGradient></defs>` +
    floorShadow(p, 600, 1392, 400) +
    `<path d="M210 1030L270 960H930L990 1030Z" fill="url(#${p}pt)"/>` +
    `<rect x="210" y="1030" width="780" height="362" fill="url(#${p}pl)"/>` +
    `<path d="M210 1030H990" stroke="#fffaf0" stroke-opacity=".6" stroke-width="2"/>`;
  const arch = `<path d="M290 980V560C290 350 430 220 600 220S910 350 910 560V980Z" fill="#fffaf3" opacity=".38"/>`;
  return svgDoc(
    W,
    H,
    bg + defs + arch + plinth + fabricStack(c, 600, 1008, 0.98, true, 1260) + vignette(p, W, H),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Blog artwork (1600 x 900)
// ---------------------------------------------------------------------------------------------------------

function star8(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.72;
    pts.push(`${num(cx + Math.cos(a) * rr)} ${num(cy + Math.sin(a) * rr)}`);
  }
  return `M${pts.join("L")}Z`;
}

function blogBackground(p: string, light: string, w: number, h: number): string {
  const l = mix(light, "#fbf7f0", 0.55);
  return (
    `<defs><linearGradient id="${p}bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${tone(l, 0.3)}"/>` +
    `<stop offset="1" stop-color="${tone(l, -0.05)}"/></linearGradient>` +
    `<radialGradient id="${p}vig" cx=".5" cy=".5" r=".8"><stop offset=".6" stop-color="#3a2a1c" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#3a2a1c" stop-opacity=".12"/></radialGradient>` +
    `</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${p}bg)"/>`
  );
}

export function renderBlogSvg(spec: BlogArtworkSpec): string {
  const { width: W, height: H } = BLOG_ART_SIZE;
  const [c0, c1, c2] = spec.palette.map(safeHex) as [string, string, string];
  const p = idPrefix("b", spec.seed);
  const rng = prng(spec.seed);
  let s = blogBackground(p, c2, W, H);
  let glows = 0;
  const soft = (cx: number, cy: number, rx: number, ry: number, color: string, opacity: number) =>
    glow(`${p}gl${glows++}`, cx, cy, rx, ry, color, opacity);
  const garment = (
    tag: string,
    kind: Kind,
    base: string,
    accent: string,
    pattern: Pattern,
    cx: number,
    floor: number,
    scale: number,
  ) => {
    const c = makeCtx(`${p}${tag}`, base, accent, pattern, spec.seed + tag.length * 31);
    const g = garmentGroup(c, kind, "front", { neck: true, floor: true });
    return `<defs>${g.defs}</defs><g transform="${d`translate(${cx - 600 * scale} ${floor - 1392 * scale}) scale(${scale})`}">${g.art}</g>`;
  };
  const archPath = (x: number, y: number, w: number, h: number) =>
    d`M${x} ${y + h}V${y + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2}V${y + h}Z`;

  switch (spec.motif) {
    case "abaya": {
      // Two arches, an abaya standing in each, on a soft floor.
      s += `<rect y="800" width="${W}" height="100" fill="${tone(c2, -0.08)}" opacity=".7"/>`;
      for (const x of [440, 860]) {
        s += `<path d="${archPath(x, 90, 420, 730)}" fill="${mix(c1, c2, 0.62)}" opacity=".55"/>`;
        s += `<path d="${archPath(x + 26, 116, 368, 704)}" fill="none" stroke="${c1}" stroke-width="2" opacity=".45"/>`;
      }
      const pattern = pick(rng, ["embroidery", "lace", "plain"] as const);
      s += garment("g", "abaya", c0, c1, pattern, 650, 812, 0.5);
      s += garment("h", "abaya", tone(c2, -0.22), c0, pick(rng, ["plain", "lace"] as const), 1070, 812, 0.5);
      break;
    }
    case "fabric": {
      const c = makeCtx(`${p}f`, c0, c1, pick(rng, ["paisley", "floral", "embroidery"] as const), spec.seed);
      const defs = garmentDefs(c, 1, 0) + dupattaPatternDef(c);
      s += soft(1060, 812, 460, 46, "#3b2a1c", 0.16);
      s += `<defs>${defs}</defs><g transform="translate(1060 816) scale(.72) translate(-600 -1392)">${fabricStack(c, 600, 1392, 1, true)}</g>`;
      // Fanned swatches on the left.
      const sw = [c0, c1, c2, tone(c0, 0.35), tone(c1, -0.2)];
      sw.forEach((col, i) => {
        const a = -34 + i * 15;
        s += `<g transform="${d`translate(400 770) rotate(${a})`}"><rect x="-62" y="-440" width="124" height="400" rx="10" fill="${col}"/>`;
        s += `<rect x="-62" y="-440" width="124" height="400" rx="10" fill="url(#${p}sw)"/>`;
        s += `<rect x="-62" y="-440" width="124" height="400" rx="10" fill="none" stroke="#2a1d12" stroke-opacity=".12"/>`;
        s += `<circle cx="0" cy="-70" r="9" fill="#f5efe6" stroke="#2a1d12" stroke-opacity=".2"/></g>`;
      });
      s += `<defs><linearGradient id="${p}sw" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset="1" stop-color="#000" stop-opacity=".12"/></linearGradient></defs>`;
      s += `<circle cx="400" cy="770" r="16" fill="#b59a78"/><circle cx="400" cy="770" r="7" fill="#8a7056"/>`;
      break;
    }
    case "needle": {
      s += soft(1100, 400, 340, 340, c1, 0.2);
      // Tape measure ribbon across the foreground.
      const tape = cubic([60, 720], [480, 600], [820, 860], [1540, 660], 60);
      const top = offsetPts(tape, -24);
      const bot = offsetPts(tape, 24);
      s += `<path d="${polyline([...top, ...bot.slice().reverse()])}Z" fill="${mix(c2, "#fffaf0", 0.45)}" stroke="${tone(c2, -0.3)}" stroke-width="1.5"/>`;
      let ticks = "";
      for (const [i, m] of along(tape, 14).entries()) {
        const len = i % 5 === 0 ? 20 : 10;
        const rad = ((m.a - 90) * Math.PI) / 180;
        const x0 = m.x + Math.cos(rad) * 24;
        const y0 = m.y + Math.sin(rad) * 24;
        ticks += d`M${x0} ${y0}L${x0 - Math.cos(rad) * len} ${y0 - Math.sin(rad) * len}`;
      }
      s += `<path d="${ticks}" stroke="${tone(c0, -0.2)}" stroke-width="1.6" opacity=".7"/>`;
      // Spool, thread flowing into the eye of a needle.
      s += `<defs><linearGradient id="${p}sp" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".25"/><stop offset=".45" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient></defs>`;
      s += `<g transform="translate(1080 330) rotate(-10)"><rect x="-90" y="-120" width="180" height="240" rx="6" fill="${c0}"/>`;
      for (let i = 0; i < 22; i++) {
        s += `<path d="${d`M-90 ${-110 + i * 10.5}L90 ${-106 + i * 10.5}`}" stroke="${tone(c0, -0.3)}" stroke-width="1" opacity=".4"/>`;
      }
      s += `<rect x="-90" y="-120" width="180" height="240" fill="url(#${p}sp)"/>`;
      s += `<rect x="-112" y="-140" width="224" height="28" rx="8" fill="#c9a87e"/><rect x="-112" y="112" width="224" height="28" rx="8" fill="#b8966c"/>`;
      s += `<rect x="-112" y="-140" width="224" height="28" rx="8" fill="url(#${p}sp)"/><rect x="-112" y="112" width="224" height="28" rx="8" fill="url(#${p}sp)"/></g>`;
      s += `<path d="M995 380C860 470 720 320 650 420S720 640 540 600 330 300 486 262" fill="none" stroke="${c0}" stroke-width="3" stroke-linecap="round"/>`;
      s += `<g transform="translate(480 260) rotate(200)"><path d="M-8 -6L330 -1.5Q342 0 330 1.5L-8 6Q-16 0 -8 -6Z" fill="#a7a49f"/>`;
      s += `<ellipse cx="6" cy="0" rx="11" ry="2.6" fill="${mix(c2, "#fffaf0", 0.4)}"/><path d="M-8 -6L330 -1.5" stroke="#fff" stroke-opacity=".6" stroke-width="1.2"/></g>`;
      break;
    }
    case "pattern": {
      const c = makeCtx(`${p}q`, c2, c1, "geometric", spec.seed);
      const tile = patternTile(c, "geometric", c1);
      s += `<defs>${motifDefs(c.p)}<pattern id="${p}gp" patternUnits="userSpaceOnUse" width="84" height="84" patternTransform="scale(1.5)">${tile.body}</pattern></defs>`;
      s += `<rect width="${W}" height="${H}" fill="url(#${p}gp)" opacity=".45"/>`;
      s += `<path d="${archPath(560, 110, 480, 790)}" fill="${c0}"/>`;
      s += `<path d="${archPath(590, 140, 420, 760)}" fill="none" stroke="${c1}" stroke-width="3"/>`;
      s += `<path d="${star8(800, 470, 150)}" fill="none" stroke="${c1}" stroke-width="3"/>`;
      s += `<path d="${star8(800, 470, 100)}" fill="${c1}" opacity=".9"/>`;
      s += `<path d="${star8(800, 470, 52)}" fill="${c0}"/>`;
      s += `<circle cx="800" cy="470" r="14" fill="${c1}"/>`;
      break;
    }
    case "calendar": {
      s += `<rect width="${W}" height="${H}" fill="${c0}"/>`;
      s += `<defs><linearGradient id="${p}sky" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".25"/><stop offset="1" stop-color="#fff" stop-opacity=".06"/></linearGradient></defs>`;
      s += `<rect width="${W}" height="${H}" fill="url(#${p}sky)"/>`;
      s += soft(1220, 280, 260, 260, c1, 0.26);
      s += `<path d="M1270 150A150 150 0 1 0 1270 410A120 120 0 1 1 1270 150Z" fill="${mix(c1, "#fff6e0", 0.45)}"/>`;
      for (let i = 0; i < 18; i++) {
        const x = range(rng, 60, 1540);
        const y = range(rng, 30, 520);
        const r = range(rng, 1.6, 4.2);
        s += `<path d="${d`M${x} ${y - r * 2}L${x + r * 0.45} ${y - r * 0.45}L${x + r * 2} ${y}L${x + r * 0.45} ${y + r * 0.45}L${x} ${y + r * 2}L${x - r * 0.45} ${y + r * 0.45}L${x - r * 2} ${y}L${x - r * 0.45} ${y - r * 0.45}Z`}" fill="${c2}" opacity=".75"/>`;
      }
      // Lanterns hanging on fine chains.
      for (const [x, len, sc] of [
        [820, 250, 1],
        [930, 360, 1.2],
        [1040, 200, 0.85],
      ] as const) {
        s += `<path d="M${x} 0V${len}" stroke="${c1}" stroke-width="1.6" opacity=".8"/>`;
        s += `<g transform="translate(${x} ${len}) scale(${sc})">${soft(0, 66, 46, 46, "#fff3d6", 0.45)}`;
        s += `<path d="M-6 -8H6L8 0H-8Z" fill="${c1}"/><path d="M-14 0H14L24 30L18 96L0 112L-18 96L-24 30Z" fill="${c1}"/>`;
        s += `<path d="M-10 34H10L13 88L0 98L-13 88Z" fill="#fff3d6" opacity=".85"/><path d="M0 34V98M-12 60H12" stroke="${c1}" stroke-width="1.4"/></g>`;
      }
      // An arcade along the foot of the image: a lit wall pierced by deep arched openings.
      s += `<path d="M0 600H${W}V${H}H0Z" fill="${tone(c0, -0.12)}"/>`;
      for (let x = 0; x < W; x += 200) {
        s += `<path d="${d`M${x + 22} ${H}V700A78 78 0 0 1 ${x + 178} 700V${H}Z`}" fill="${tone(c0, -0.5)}"/>`;
        s += `<path d="${d`M${x + 22} ${H}V700A78 78 0 0 1 ${x + 178} 700V${H}`}" fill="none" stroke="${c1}" stroke-opacity=".35" stroke-width="2"/>`;
      }
      s += `<path d="M0 600H${W}M0 612H${W}" stroke="${c1}" stroke-opacity=".35" stroke-width="2"/>`;
      break;
    }
    default: {
      // care: a hanger with a draped scarf, water drops, and a neat stack of folded garments.
      const colors = [c0, c1, tone(c2, -0.18), tone(c0, 0.4)];
      s += `<defs><linearGradient id="${p}rd" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".3"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></linearGradient></defs>`;
      s += soft(1110, 800, 380, 30, "#3b2a1c", 0.18);
      let y = 800;
      colors.forEach((col, i) => {
        const w = 600 - i * 44;
        const th = 82;
        const x = 1110 - w / 2 + (i % 2 ? 8 : -6);
        s += `<rect x="${num(x)}" y="${num(y - th)}" width="${num(w)}" height="${th}" rx="34" fill="${col}"/>`;
        s += `<rect x="${num(x)}" y="${num(y - th)}" width="${num(w)}" height="${th}" rx="34" fill="url(#${p}rd)"/>`;
        s += `<path d="${d`M${x + 40} ${y - th * 0.45}H${x + w - 40}`}" stroke="#000" stroke-opacity=".12" stroke-width="1.5"/>`;
        y -= th + 3;
      });
      s += `<path d="M140 110H760" stroke="${tone(c2, -0.4)}" stroke-width="6" stroke-linecap="round"/>`;
      s += `<path d="M450 110C430 120 432 146 450 150C466 154 470 168 462 180L462 200L230 330H694L462 200" fill="none" stroke="${tone(c0, -0.1)}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>`;
      // A scarf folded over the hanger's bar: the back layer, then the front layer with a fringe.
      s += `<path d="M392 330H476C482 420 486 510 476 590L410 606C404 510 400 420 392 330Z" fill="${tone(c1, -0.18)}"/>`;
      s += `<path d="M300 330H404C408 430 400 540 412 646L318 630C306 524 304 424 300 330Z" fill="${c1}"/>`;
      s += `<path d="M300 330H404C408 430 400 540 412 646L318 630C306 524 304 424 300 330Z" fill="url(#${p}sc)"/>`;
      s += `<defs><linearGradient id="${p}sc" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".12"/><stop offset=".5" stop-color="#fff" stop-opacity=".16"/><stop offset="1" stop-color="#000" stop-opacity=".14"/></linearGradient></defs>`;
      let fringe = "";
      for (let i = 0; i <= 12; i++) fringe += d`M${318 + i * 7.8} ${630 + i * 1.33}l1 18`;
      s += `<path d="${fringe}" stroke="${tone(c1, -0.25)}" stroke-width="2"/>`;
      for (const [x, y2, r] of [
        [640, 540, 30],
        [720, 640, 20],
        [600, 690, 14],
      ] as const) {
        s += `<path d="${d`M${x} ${y2 - r * 1.6}C${x + r * 0.9} ${y2 - r * 0.4} ${x + r} ${y2 + r * 0.2} ${x + r} ${y2 + r * 0.35}A${r} ${r} 0 0 1 ${x - r} ${y2 + r * 0.35}C${x - r} ${y2 + r * 0.2} ${x - r * 0.9} ${y2 - r * 0.4} ${x} ${y2 - r * 1.6}Z`}" fill="${mix(c1, "#9fc3cf", 0.4)}" opacity=".6"/>`;
      }
    }
  }
  return svgDoc(W, H, `${s}<rect width="${W}" height="${H}" fill="url(#${p}vig)"/>`);
}

// ---------------------------------------------------------------------------------------------------------
// Hero slides (1920 x 1080), with calm space on the left for the headline
// ---------------------------------------------------------------------------------------------------------

export function renderHeroSvg(index: 0 | 1 | 2): string {
  const { width: W, height: H } = HERO_ART_SIZE;
  const p = `h${index}`;
  const scenes = [
    {
      tones: ["#f5eee4", "#e9dccb", "#dccbb4"],
      arch: "#e4d5c0",
      figures: [
        {
          kind: "abaya",
          base: "#d8c3a5",
          accent: "#b08d57",
          pattern: "lace",
          cx: 1150,
          scale: 0.66,
          seed: 11,
        },
        {
          kind: "abaya",
          base: "#1d1c1f",
          accent: "#c8a45c",
          pattern: "embroidery",
          cx: 1540,
          scale: 0.72,
          seed: 7,
        },
      ],
    },
    {
      tones: ["#f3efe7", "#e6ddcf", "#d8cbb8"],
      arch: "#dcd3c2",
      figures: [
        {
          kind: "jalabiya",
          base: "#1f6f73",
          accent: "#d9b46a",
          pattern: "geometric",
          cx: 1160,
          scale: 0.64,
          seed: 19,
        },
        {
          kind: "kaftan",
          base: "#1f5e4a",
          accent: "#d6b36a",
          pattern: "embroidery",
          cx: 1550,
          scale: 0.7,
          seed: 23,
        },
      ],
    },
    {
      tones: ["#f7efea", "#ecdcd3", "#e0cbbf"],
      arch: "#ead6cc",
      figures: [
        {
          kind: "sharara",
          base: "#e7b9b0",
          accent: "#b07a4a",
          pattern: "floral",
          cx: 1150,
          scale: 0.68,
          seed: 31,
        },
        {
          kind: "kurta",
          base: "#6b1f2a",
          accent: "#d4af6a",
          pattern: "paisley",
          cx: 1530,
          scale: 0.72,
          seed: 37,
        },
      ],
    },
  ] as const;
  const sc = scenes[index] ?? scenes[0];
  const [t0, t1, t2] = sc.tones;
  let s =
    `<defs><linearGradient id="${p}bg" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${t0}"/>` +
    `<stop offset=".84" stop-color="${t1}"/><stop offset=".86" stop-color="${t2}"/><stop offset="1" stop-color="${tone(t2, 0.1)}"/></linearGradient>` +
    `<linearGradient id="${p}side" x1="0" x2="1"><stop offset="0" stop-color="${t0}" stop-opacity=".9"/>` +
    `<stop offset=".42" stop-color="${t0}" stop-opacity=".35"/><stop offset=".6" stop-color="${t0}" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="${p}glow" cx=".72" cy=".4" r=".5"><stop offset="0" stop-color="#fffdf8" stop-opacity=".8"/>` +
    `<stop offset="1" stop-color="#fffdf8" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${p}vig" cx=".6" cy=".5" r=".8"><stop offset=".6" stop-color="#3a2a1c" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#3a2a1c" stop-opacity=".14"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#${p}bg)"/><rect width="${W}" height="${H}" fill="url(#${p}glow)"/>`;
  // Tall arches behind the figures, echoing regional architecture.
  for (const [x, w, o] of [
    [940, 420, 0.5],
    [1330, 420, 0.42],
  ] as const) {
    s += `<path d="${d`M${x} 928V${110 + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${110 + w / 2}V928Z`}" fill="${sc.arch}" opacity="${o}"/>`;
  }
  s += `<path d="M120 928H1800" stroke="#8a7560" stroke-opacity=".12" stroke-width="2"/>`;
  for (const [i, f] of sc.figures.entries()) {
    const c = makeCtx(`${p}g${i}`, f.base, f.accent, f.pattern, f.seed);
    const g = garmentGroup(c, f.kind, "front", { neck: true, floor: true });
    s += `<defs>${g.defs}</defs><g transform="${d`translate(${f.cx - 600 * f.scale} ${1000 - 1392 * f.scale}) scale(${f.scale})`}">${g.art}</g>`;
  }
  s += `<rect width="${W}" height="${H}" fill="url(#${p}side)"/><rect width="${W}" height="${H}" fill="url(#${p}vig)"/>`;
  return svgDoc(W, H, s);
}

// ---------------------------------------------------------------------------------------------------------
// Logo (64 x 64): a crescent cradling a needle-and-thread "N"
// ---------------------------------------------------------------------------------------------------------

export function renderLogoSvg(): string {
  const ink = "#2b2926";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<path d="M44.5 9.5A25 25 0 1 0 54.5 44.5A21 21 0 1 1 44.5 9.5Z" fill="${ink}"/>` +
    `<path d="M24 46V20.5L41 45.5V19" fill="none" stroke="${ink}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M24 20.5L41 45.5" stroke="${ink}" stroke-width="4.6" stroke-linecap="round"/>` +
    `<path d="M41 19C41 13 47 11.5 49.5 14.5S47.5 21 44 19.5" fill="none" stroke="${ink}" stroke-width="1.3" stroke-linecap="round"/>` +
    `<circle cx="41" cy="15.6" r="1.1" fill="none" stroke="${ink}" stroke-width=".9"/>` +
    `</svg>`
  );
}
