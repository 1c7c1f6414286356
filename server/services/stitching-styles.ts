import type { Kysely } from "kysely";
import type {
  AdminStitchingStyle,
  StitchingStyle,
  StitchingStyleCreate,
  StitchingStyleUpdate,
} from "#core/schemas/stitching-styles.ts";
import { bumpCatalogVersion } from "../db/repositories/catalog-version.ts";
import {
  findShownProductKind,
  findStitchingStyle,
  insertStitchingStyle,
  listStitchingStyles,
  listUnstitchedFabrics,
  updateStitchingStyle,
} from "../db/repositories/stitching-styles.ts";
import type { StitchingStyleTable } from "../db/schema/made-to-measure.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { MediaStore } from "../media.ts";
import { type AuditRecorder, diff } from "./admin-audit.ts";
import type { UploadedFile } from "./admin-catalog.ts";
import { notFound } from "./admin-errors.ts";
import { storeUpload } from "./admin-images.ts";

/** The product type whose products a style may be stitched from (core's demo catalog and SPEC's filters). */
export const UNSTITCHED_TYPE = "Unstitched";

const fabricsOf = (row: StitchingStyleTable): string[] => {
  try {
    const parsed: unknown = JSON.parse(row.fabric_types);
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
};

export function toAdminStyle(row: StitchingStyleTable): AdminStitchingStyle {
  return {
    id: row.id,
    name: row.name,
    nameAr: row.name_ar,
    description: row.description,
    descriptionAr: row.description_ar,
    image: row.image,
    priceFils: Number(row.price_fils),
    leadDays: Number(row.lead_days),
    fabricTypes: fabricsOf(row),
    active: Boolean(row.active),
    position: Number(row.position),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const toPublicStyle = (row: StitchingStyleTable): StitchingStyle => ({
  id: row.id,
  name: row.name,
  nameAr: row.name_ar,
  description: row.description,
  descriptionAr: row.description_ar,
  image: row.image,
  priceFils: Number(row.price_fils),
  leadDays: Number(row.lead_days),
});

/** Fabrics as given, without blanks or repeats (case kept: products.fabric is matched exactly). */
const uniqueFabrics = (fabrics: string[]) => [...new Set(fabrics.map((f) => f.trim()).filter(Boolean))];

const toFils = (aed: number) => Math.round(aed * 100);

/**
 * Stitching styles (issue 29, part 2; decision 0041): the owner's list in the back office, with a
 * picture stored like a product's, archived (never deleted, an order line's snapshot names it), and the
 * storefront's read of the active styles that suit one unstitched product.
 */
export function createStitchingStyles(options: {
  db: Kysely<Database>;
  media: MediaStore;
  maxMegapixels: number;
}) {
  const { db, media, maxMegapixels } = options;

  async function get(id: string): Promise<AdminStitchingStyle> {
    const row = await findStitchingStyle(db, id);
    if (!row) throw notFound("Stitching style");
    return toAdminStyle(row);
  }

  return {
    get,

    async list(): Promise<{ styles: AdminStitchingStyle[]; fabrics: string[] }> {
      const [rows, fabrics] = await Promise.all([listStitchingStyles(db), listUnstitchedFabrics(db)]);
      return { styles: rows.map(toAdminStyle), fabrics };
    },

    async create(input: StitchingStyleCreate, audit: AuditRecorder): Promise<AdminStitchingStyle> {
      const at = new Date().toISOString();
      const row: StitchingStyleTable = {
        id: newId(),
        name: input.name,
        name_ar: input.nameAr ?? null,
        description: input.description,
        description_ar: input.descriptionAr ?? null,
        image: null,
        price_fils: toFils(input.priceAed),
        lead_days: input.leadDays,
        fabric_types: JSON.stringify(uniqueFabrics(input.fabricTypes)),
        active: input.active,
        position: input.position,
        created_at: at,
        updated_at: at,
      };
      await db.transaction().execute(async (trx) => {
        await insertStitchingStyle(trx, row);
        await audit(trx, {
          action: "stitching_style.create",
          entity: "stitching_style",
          entityId: row.id,
          label: row.name,
          changes: diff({}, { ...input }),
        });
        // The product pages that offer styles show the new list (decision 0011).
        await bumpCatalogVersion(trx);
      });
      return get(row.id);
    },

    /** Any field; `active: false` archives the style (the storefront stops offering it). */
    async update(
      id: string,
      input: StitchingStyleUpdate,
      audit: AuditRecorder,
    ): Promise<AdminStitchingStyle> {
      await db.transaction().execute(async (trx) => {
        const before = await findStitchingStyle(trx, id);
        if (!before) throw notFound("Stitching style");
        const values: Partial<StitchingStyleTable> = { updated_at: new Date().toISOString() };
        if (input.name !== undefined) values.name = input.name;
        if (input.nameAr !== undefined) values.name_ar = input.nameAr;
        if (input.description !== undefined) values.description = input.description;
        if (input.descriptionAr !== undefined) values.description_ar = input.descriptionAr;
        if (input.priceAed !== undefined) values.price_fils = toFils(input.priceAed);
        if (input.leadDays !== undefined) values.lead_days = input.leadDays;
        if (input.fabricTypes !== undefined)
          values.fabric_types = JSON.stringify(uniqueFabrics(input.fabricTypes));
        if (input.active !== undefined) values.active = input.active;
        if (input.position !== undefined) values.position = input.position;
        await updateStitchingStyle(trx, id, values);
        const current = toAdminStyle(before);
        await audit(trx, {
          action:
            input.active === false && current.active ? "stitching_style.archive" : "stitching_style.update",
          entity: "stitching_style",
          entityId: id,
          label: before.name,
          changes: diff({ ...current, priceAed: current.priceFils / 100 } as Record<string, unknown>, {
            ...input,
          }),
        });
        await bumpCatalogVersion(trx);
      });
      return get(id);
    },

    /**
     * The style's picture: checked, kept and rendered like a product's (server/services/admin-images.ts).
     * A replaced picture's files stay: an order line's snapshot may still show it (decision 0035).
     */
    async setImage(id: string, file: UploadedFile, audit: AuditRecorder): Promise<AdminStitchingStyle> {
      const before = await findStitchingStyle(db, id);
      if (!before) throw notFound("Stitching style");
      const image = await storeUpload(media, "stitching", file.buffer, file.filename, maxMegapixels);
      await db.transaction().execute(async (trx) => {
        await updateStitchingStyle(trx, id, { image: image.url, updated_at: new Date().toISOString() });
        await audit(trx, {
          action: "stitching_style.image",
          entity: "stitching_style",
          entityId: id,
          label: before.name,
          changes: [{ field: "image", before: before.image, after: image.url }],
        });
        await bumpCatalogVersion(trx);
      });
      return get(id);
    },

    /**
     * The storefront's choice for one product: the active styles that suit it, only when it is an
     * unstitched fabric (anything else, or an unknown product, has none). A style with no fabrics named
     * suits every unstitched fabric.
     */
    async forProduct(slug: string): Promise<StitchingStyle[]> {
      const product = await findShownProductKind(db, slug);
      if (!product || product.type !== UNSTITCHED_TYPE) return [];
      const rows = await listStitchingStyles(db, { active: true });
      return rows
        .filter((row) => {
          const fabrics = fabricsOf(row);
          return fabrics.length === 0 || fabrics.includes(product.fabric);
        })
        .map(toPublicStyle);
    },
  };
}

export type StitchingStylesService = ReturnType<typeof createStitchingStyles>;
