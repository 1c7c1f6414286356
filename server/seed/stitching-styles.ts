import type { Kysely, Transaction } from "kysely";
import { renderProductSvg } from "#content/artwork.ts";
import { DEMO_STITCHING_STYLES } from "#content/demo-stitching-styles.ts";
import { aedToFils } from "#core/money.ts";
import { insertStitchingStyle } from "../db/repositories/stitching-styles.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { MediaStore } from "../media.ts";

/** The demo styles' pictures, drawn by the project like the products' (written before the rows). */
export async function saveDemoStyleArtwork(media: MediaStore): Promise<number> {
  for (const style of DEMO_STITCHING_STYLES)
    await media.saveSource(`stitching/${style.slug}`, ".svg", renderProductSvg(style.artwork));
  return DEMO_STITCHING_STYLES.length;
}

/** The demo stitching styles (issue 29, part 2; decision 0041), in the seeding transaction. */
export async function seedDemoStitchingStyles(trx: Kysely<Database> | Transaction<Database>, at: string) {
  for (const [position, style] of DEMO_STITCHING_STYLES.entries()) {
    await insertStitchingStyle(trx, {
      id: newId(),
      name: style.name,
      name_ar: style.nameAr,
      description: style.description,
      description_ar: style.descriptionAr,
      image: `/media/stitching/${style.slug}.webp`,
      price_fils: aedToFils(style.priceAed),
      lead_days: style.leadDays,
      fabric_types: JSON.stringify(style.fabrics),
      active: true,
      position,
      created_at: at,
      updated_at: at,
    });
  }
}
