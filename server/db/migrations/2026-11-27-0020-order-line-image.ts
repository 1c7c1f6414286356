import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Pictures in object storage (issue 27; docs/decisions/0035-object-storage.md). An order line keeps the
// picture it was bought with (`order_lines.image`, the picture's /media URL, copied at placement), so an
// image the owner deletes from a product keeps its files while any order line names it. Deleting an image
// asks exactly that; this index answers it without reading every order line.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("order_lines_image").on("order_lines").column("image").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("order_lines_image").execute();
}
