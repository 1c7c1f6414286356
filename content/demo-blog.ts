/**
 * The demo store's journal: practical, original articles on abayas, Pakistani suits, fabrics and stitching.
 * Content is plain, safe HTML (headings, paragraphs, lists, quotes) with no scripts, links or images.
 */
import type { BlogArtworkSpec } from "./artwork.ts";

export interface DemoBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  contentHtml: string;
  author: string;
  /** Minutes, estimated from the word count. */
  readTime: number;
  category: string;
  /** ISO date-time in 2026. */
  date: string;
  artwork: BlogArtworkSpec;
}

type PostDef = Omit<DemoBlogPost, "readTime">;

/** Reading time at an unhurried 150 words a minute (rounded up), never under two minutes. */
export function readTimeFor(html: string): number {
  const words = html
    .replace(/<[^>]+>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(2, Math.ceil(words / 150));
}

const POSTS: PostDef[] = [
  {
    slug: "jalabiya-styling-for-ramadan-evenings",
    title: "Styling the Jalabiya for Ramadan Evenings",
    excerpt:
      "From iftar at home to taraweeh and late suhoor gatherings, here is how to wear a jalabiya so it feels comfortable, modest and quietly special all month.",
    author: "Mariam Al Suwaidi",
    category: "Style Guide",
    date: "2026-02-05T09:00:00.000Z",
    artwork: { palette: ["#1f2a44", "#c8a45c", "#efe6d8"], motif: "calendar", seed: 101 },
    contentHtml: `
<p>Ramadan evenings move at their own pace: iftar with family, prayers, visits to relatives and long conversations that run into suhoor. A good jalabiya carries you through all of it. It should be loose enough to sit comfortably on floor cushions, modest enough for the mosque and elegant enough for the majlis.</p>
<h2>Start with the fabric</h2>
<p>For evenings at home and taraweeh, choose soft crepe, cotton or linen. They breathe, they do not cling and they hold their shape after hours of sitting. Save silk, velvet and heavily beaded georgette for Eid and formal iftars, where you will mostly be standing and greeting guests.</p>
<ul>
<li><strong>Crepe</strong> drapes well and resists creasing, so it is the best all-rounder.</li>
<li><strong>Linen and cotton</strong> are the coolest choices for warm nights at the end of the month.</li>
<li><strong>Velvet</strong> is beautiful for cooler desert evenings, but wear a light layer underneath.</li>
</ul>
<h2>Let the neckline do the work</h2>
<p>Most designer jalabiyas put their embroidery around the neckline and down the front. Keep everything else simple so that detail stands out: a plain shayla in a tone taken from the thread colour, small stud earrings and a single bracelet. Long pendants tend to tangle in beadwork.</p>
<h2>Colours for the month</h2>
<p>Deep navy, emerald and maroon look rich under warm evening light, and gold or silver embroidery glows against them. For daytime gatherings, soft beige, ivory and lilac feel calmer and cooler.</p>
<blockquote>Choose one statement: a strong colour, a rich fabric or heavy embroidery. Two is plenty; three starts to compete.</blockquote>
<h2>Practical touches</h2>
<p>Look for side pockets, sleeves that end at the wrist rather than trailing, and a hem that clears the floor when you wear flat sandals. If you will be praying in it, check that the neckline sits close enough that you do not need to adjust it when you bow.</p>
`,
  },
  {
    slug: "eid-styling-from-morning-to-evening",
    title: "Eid Styling: From Morning Prayers to Evening Visits",
    excerpt:
      "Eid day is long and full. These five looks take you from the early prayer through family lunch to evening visits without a wardrobe crisis.",
    author: "Hina Qureshi",
    category: "Occasions",
    date: "2026-03-06T10:00:00.000Z",
    artwork: { palette: ["#6b1f2a", "#c8a45c", "#f3ecdf"], motif: "pattern", seed: 202 },
    contentHtml: `
<p>Eid starts early and ends late. Between the morning prayer, breakfast with family, a round of visits and an evening dinner, you may be dressed for fifteen hours. The secret is to plan one outfit that can be adjusted, rather than three that need changing.</p>
<h2>1. The morning prayer</h2>
<p>Go for a closed abaya or a jalabiya in a fabric that will not crease in the car: nida or crepe are ideal. Keep jewellery minimal and choose comfortable flat shoes, since prayer grounds can be crowded.</p>
<h2>2. Family breakfast and lunch</h2>
<p>This is the moment for colour. A blush or emerald kurta set, or a lawn suit with a printed chiffon dupatta, looks fresh in daylight photographs. If you are cooking or serving, pin the dupatta at one shoulder so it stays out of the way.</p>
<h2>3. Afternoon visits</h2>
<p>Layer an open abaya over your kurta set when you head out. It keeps the outfit modest in public and comes off as soon as you arrive.</p>
<h2>4. The evening dinner</h2>
<p>Swap to statement pieces: a velvet or silk jalabiya, a sharara set with gota work, or an embroidered anarkali. Add one piece of heirloom jewellery and a warmer lip colour.</p>
<h2>5. For the children's photographs</h2>
<p>Coordinate rather than match. Pick one shared colour, such as gold embroidery or an ivory base, and let everyone wear it differently.</p>
<blockquote>Lay the whole outfit out the night before, including safety pins, a spare shayla pin and a small steamer if you have one.</blockquote>
<ul>
<li>Order stitched pieces at least three weeks before Eid; tailors get busy.</li>
<li>Try everything on once with the shoes you will wear, to check the hem length.</li>
<li>Keep a small pouch with tissues, pins and a travel perfume in your bag.</li>
</ul>
`,
  },
  {
    slug: "a-guide-to-pakistani-lawn",
    title: "A Guide to Pakistani Lawn",
    excerpt:
      "What makes lawn so loved, how to judge quality before you buy, and which prints and cuts suit the long UAE summer.",
    author: "Farah Siddiqui",
    category: "Fabric Guide",
    date: "2026-04-02T08:30:00.000Z",
    artwork: { palette: ["#1f6f73", "#e6d3ae", "#f3ecdf"], motif: "fabric", seed: 303 },
    contentHtml: `
<p>Lawn is a fine, plain-woven cotton that has become the signature summer fabric of Pakistani fashion. Each year designers release new lawn collections in spring, and for many families choosing the season's suits is a small celebration in itself.</p>
<h2>Why lawn works in the heat</h2>
<p>Lawn is woven from fine, high-count yarns, which makes it light and smooth but still opaque enough for a shirt. It lets air through, absorbs moisture and softens with every wash. In a UAE summer it is one of the most comfortable fabrics you can wear.</p>
<h2>How to judge quality</h2>
<ul>
<li><strong>Hold it to the light.</strong> Good lawn is fine but even, with no thin patches or slubs.</li>
<li><strong>Check the print edge.</strong> Crisp outlines and no colour bleeding into the white areas mean careful printing.</li>
<li><strong>Feel the hand.</strong> It should be soft and cool, not stiff with finishing starch.</li>
<li><strong>Look at the embroidery back.</strong> Neat, tight stitches on the reverse last longer.</li>
</ul>
<h2>What comes in a 3-piece</h2>
<p>A typical unstitched 3-piece lawn suit includes about 3 metres of printed or embroidered shirt fabric, 2.5 metres of dyed cotton or cambric for trousers and a 2.5-metre dupatta in chiffon, voile or lawn. Embroidered sets often add separate neckline patches, sleeve borders and a daman border for the hem.</p>
<h2>Cuts that flatter</h2>
<p>A straight kurta with side slits is timeless and easy to wear. A-line cuts suit lighter lawns because they move well, and short kurtas with cigarette trousers feel modern. Keep the neckline simple when the print is busy.</p>
<blockquote>Pre-wash lawn in cold water before stitching. It may shrink slightly, and you want that to happen before your tailor cuts it.</blockquote>
<p>Wash lawn inside out in cool water, dry it in the shade to protect the colours and iron it while still slightly damp for a crisp finish.</p>
`,
  },
  {
    slug: "choosing-an-abaya-for-the-uae-summer",
    title: "How to Choose an Abaya for the UAE Summer",
    excerpt:
      "When the temperature passes forty degrees, fabric, cut and colour matter more than ever. A practical guide to staying cool and elegant.",
    author: "Mariam Al Suwaidi",
    category: "Style Guide",
    date: "2026-05-12T07:45:00.000Z",
    artwork: { palette: ["#1d1c1f", "#c8a45c", "#ebe2d4"], motif: "abaya", seed: 404 },
    contentHtml: `
<p>Summer in the UAE asks a lot of an abaya. You move between blazing car parks and chilled malls, and between humid evenings on the corniche and air-conditioned offices. The right abaya keeps you comfortable through all of it.</p>
<h2>Fabric comes first</h2>
<p>Choose breathable, lightweight fabrics and avoid anything with a plastic feel. The best summer options are:</p>
<ul>
<li><strong>Linen</strong>: the coolest choice, with a relaxed texture. It creases, but that is part of its charm.</li>
<li><strong>Light nida</strong>: fluid, opaque and quick to dry, so it stays fresh all day.</li>
<li><strong>Cotton blends</strong>: soft and easy to wash, ideal for everyday errands.</li>
<li><strong>Chiffon layers</strong>: airy for evenings, as long as the inner layer is opaque.</li>
</ul>
<h2>Cut for airflow</h2>
<p>A looser cut lets air circulate. Kimono, butterfly and open abayas stand away from the body, while slim, fitted styles trap heat. Wide sleeves are cooler than narrow cuffs, and side slits make walking easier.</p>
<h2>Think about colour</h2>
<p>Black remains the classic, and a light black nida is perfectly wearable in summer. Beige, ivory, grey and soft blush reflect more sunlight and feel noticeably cooler in direct sun.</p>
<blockquote>Hold the abaya up to a window: if you can see light evenly through the weave, it will breathe. If it looks solid and heavy, save it for winter.</blockquote>
<h2>Details that help</h2>
<p>Pockets mean you can leave the handbag behind on short trips. A hidden inner tie keeps an open abaya in place on windy days. And a hem that just clears your shoes keeps it clean on dusty pavements.</p>
`,
  },
  {
    slug: "caring-for-chiffon-and-crepe",
    title: "Caring for Chiffon and Crepe: A Gentle Guide",
    excerpt:
      "Chiffon and crepe are the backbone of modest wardrobes, and both last for years with the right care. Washing, drying, ironing and storage, step by step.",
    author: "Noor Rahman",
    category: "Fabric Care",
    date: "2026-06-20T11:00:00.000Z",
    artwork: { palette: ["#1f5e4a", "#c8a45c", "#f3ecdf"], motif: "care", seed: 505 },
    contentHtml: `
<p>Chiffon floats and crepe drapes; both are delicate in different ways. A little care keeps the colour deep, the embroidery intact and the drape as soft as the day you bought it.</p>
<h2>Always read the label first</h2>
<p>Silk chiffon and silk crepe should be dry cleaned. Polyester chiffon and most crepes used in everyday abayas can be washed at home, gently.</p>
<h2>Washing at home</h2>
<ul>
<li>Turn the garment inside out and place it in a mesh laundry bag.</li>
<li>Use cold water, a mild liquid detergent and the delicate cycle, or wash by hand.</li>
<li>Never wring chiffon. Press the water out between two towels instead.</li>
<li>Wash embellished pieces by hand only, and never soak beadwork.</li>
</ul>
<h2>Drying</h2>
<p>Hang crepe on a padded hanger in the shade; direct sun fades dark colours quickly. Dry chiffon flat or over a rail so the weight of the water does not stretch the hem.</p>
<h2>Ironing and steaming</h2>
<p>A hand steamer is the best friend of both fabrics. If you iron, use a low setting and a pressing cloth, and press from the inside. Heat and pressure can leave a shine on crepe and melt synthetic chiffon.</p>
<blockquote>Keep a garment steamer by the door. Two minutes before you leave refreshes an abaya better than any iron.</blockquote>
<h2>Storage</h2>
<p>Store abayas on wide, padded hangers with room between them. Fold heavily embroidered pieces in acid-free tissue rather than hanging them, so the weight of the work does not pull the fabric. A cotton garment bag lets fabrics breathe; avoid plastic covers for long-term storage.</p>
`,
  },
  {
    slug: "how-to-measure-yourself-for-custom-stitching",
    title: "How to Measure Yourself for Custom Stitching",
    excerpt:
      "Accurate measurements are the key to a garment that fits beautifully. Here is exactly what to measure, how, and the mistakes to avoid.",
    author: "Saba Javed",
    category: "Stitching",
    date: "2026-08-18T09:15:00.000Z",
    artwork: { palette: ["#1f2a44", "#c8a45c", "#ebe2d4"], motif: "needle", seed: 606 },
    contentHtml: `
<p>A tailored garment is only as good as the measurements behind it. With a soft tape measure, a mirror and ideally a friend to help, you can take a complete set in about ten minutes.</p>
<h2>Before you start</h2>
<p>Measure in centimetres and write each figure down as you go. Take the measurements in the morning if you can, and keep the tape flat against your body rather than twisted.</p>
<ul>
<li>Wear light, close-fitting clothes, or the undergarments you plan to wear with the outfit.</li>
<li>Stand straight and relaxed, with your feet together and arms by your sides.</li>
<li>Keep the tape snug but not tight: you should be able to slip one finger underneath.</li>
</ul>
<h2>The essential measurements</h2>
<ul>
<li><strong>Bust:</strong> around the fullest part of the chest, keeping the tape level across the back.</li>
<li><strong>Waist:</strong> around the narrowest part of your torso, usually just above the navel.</li>
<li><strong>Hips:</strong> around the fullest part of the hips and seat.</li>
<li><strong>Shoulder:</strong> from the edge of one shoulder bone to the other across the back.</li>
<li><strong>Sleeve length:</strong> from the shoulder edge down to where you want the sleeve to end.</li>
<li><strong>Armhole:</strong> around the top of the arm where it meets the shoulder.</li>
<li><strong>Length:</strong> from the highest point of the shoulder down to the desired hem.</li>
</ul>
<h2>Lengths for different garments</h2>
<p>For an abaya or jalabiya, measure to the floor while wearing the shoes you will most often wear with it, then subtract about two centimetres. For a kurta, decide between hip, knee or mid-calf length. For trousers, measure the outside leg from the waist to the ankle bone.</p>
<blockquote>If you already own a garment that fits perfectly, measure it flat and send those figures too. It is the most reliable reference a tailor can have.</blockquote>
<h2>Common mistakes</h2>
<p>Measuring over bulky clothes, pulling the tape too tight and measuring the waist at the trouser line are the usual culprits. When in doubt, take each measurement twice. Our stitching service includes free minor alterations within fifteen days, so small adjustments are easy.</p>
`,
  },
  {
    slug: "from-unstitched-fabric-to-tailored-suit",
    title: "From Unstitched Fabric to Tailored Suit",
    excerpt:
      "Buying unstitched lets you choose your own cut, neckline and fit. Here is how an unstitched 3-piece becomes a finished suit, and how to brief your tailor.",
    author: "Saba Javed",
    category: "Stitching",
    date: "2026-09-09T10:30:00.000Z",
    artwork: { palette: ["#6b1f2a", "#e6d3ae", "#f3ecdf"], motif: "fabric", seed: 707 },
    contentHtml: `
<p>Unstitched suits are loved for one simple reason: the fabric is chosen by the designer, but the fit and style are chosen by you. With a little planning, a 3-piece set becomes an outfit that feels made for you, because it is.</p>
<h2>Step 1: Unpack and check</h2>
<p>Lay out every piece: shirt fabric, trousers fabric, dupatta and any embroidered patches or borders. Check the lengths against the label and keep the small fabric swatch if there is one, for matching buttons or lining later.</p>
<h2>Step 2: Pre-wash</h2>
<p>Cotton, lawn and khaddar may shrink slightly. Soak them in cold water, dry in the shade and press before stitching. Chiffon, organza and silk should not be pre-washed; take them straight to the tailor.</p>
<h2>Step 3: Decide the design</h2>
<ul>
<li><strong>Cut:</strong> straight, A-line, short kurta or anarkali.</li>
<li><strong>Neckline:</strong> round, V, boat or band collar. Place embroidered necklines exactly as the designer intended.</li>
<li><strong>Sleeves:</strong> full, three-quarter or bell. Use the sleeve borders if they are included.</li>
<li><strong>Trousers:</strong> straight, cigarette, shalwar or culottes.</li>
</ul>
<h2>Step 4: Brief your tailor</h2>
<p>Bring your measurements, a reference photograph and, ideally, a kurta that already fits you well. Agree on lining for sheer fabrics and on finishing details such as piping, tassels or buttons.</p>
<blockquote>Ask your tailor to keep all the leftover fabric. It is perfect for matching masks, a pouch or future repairs.</blockquote>
<h2>Step 5: Fitting and finishing</h2>
<p>Try the suit on before the final press and check the shoulders, the armholes and the length. Our stitching service takes seven to fourteen business days and includes free minor alterations within fifteen days of delivery.</p>
`,
  },
  {
    slug: "building-a-capsule-abaya-wardrobe",
    title: "Building a Capsule Abaya Wardrobe",
    excerpt:
      "Five abayas, carefully chosen, can cover work, weekends, evenings and travel. How to pick the pieces and make them work together.",
    author: "Hina Qureshi",
    category: "Style Guide",
    date: "2026-10-21T08:00:00.000Z",
    artwork: { palette: ["#1f2a44", "#d8c3a5", "#f3ecdf"], motif: "abaya", seed: 808 },
    contentHtml: `
<p>A capsule wardrobe is a small collection of pieces that all work together. For abayas, it means fewer decisions in the morning, less clutter in the cupboard and more money for the pieces that really matter.</p>
<h2>The five essentials</h2>
<ul>
<li><strong>A classic black everyday abaya</strong> in light nida or crepe, with pockets.</li>
<li><strong>An open abaya</strong> in beige or grey to layer over trousers and tunics.</li>
<li><strong>A summer linen abaya</strong> for the hottest months.</li>
<li><strong>A smart work abaya</strong> with a tailored line, such as a pinstripe or a structured crepe.</li>
<li><strong>One evening abaya</strong> with embroidery, lace or velvet for weddings and dinners.</li>
</ul>
<h2>Choose a colour story</h2>
<p>Pick two base colours, for example black and beige, and one accent such as navy or emerald. Your shaylas, bags and shoes can then move freely between every outfit.</p>
<h2>Invest where it shows</h2>
<p>Spend more on the pieces you wear most often and on the evening abaya that carries the detail. Everyday abayas should be durable and easy to wash rather than expensive.</p>
<blockquote>Before buying anything new, ask whether it works with at least three things you already own.</blockquote>
<h2>Keep it fresh</h2>
<p>Refresh the capsule each season with one new piece rather than many. Retire anything that has lost its shape, and have hems and cuffs repaired promptly so good abayas last for years.</p>
`,
  },
];

export const DEMO_BLOG_POSTS: DemoBlogPost[] = POSTS.map((p) => ({
  ...p,
  contentHtml: p.contentHtml.trim(),
  readTime: readTimeFor(p.contentHtml),
}));
