import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// 'Stitch it for me' (issue 29; docs/decisions/0042-stitched-cart-lines.md): a server cart line may carry
// a stitching service (JSON: style, profile or typed measurements, note), and its key joins the line's
// name, so one fabric stitched for a mother and for a daughter stays two lines. SQLite cannot drop the
// old unique constraint, so the table is rebuilt the same way on both engines.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cart_lines_stitched")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    // JSON text: core/schemas/stitched-line.ts's StitchingChoice; null for a ready-made line.
    .addColumn("stitching", "text")
    // core/schemas/stitched-line.ts's stitchingKey: '' for a ready-made line.
    .addColumn("stitching_key", "text", (c) => c.notNull().defaultTo(""))
    .addUniqueConstraint("cart_lines_user_line_service", [
      "user_id",
      "product_id",
      "size",
      "color",
      "stitching_key",
    ])
    .execute();
  await sql`insert into cart_lines_stitched (id, user_id, product_id, size, color, quantity, created_at, updated_at)
    select id, user_id, product_id, size, color, quantity, created_at, updated_at from cart_lines`.execute(
    db,
  );
  await db.schema.dropTable("cart_lines").execute();
  await db.schema.alterTable("cart_lines_stitched").renameTo("cart_lines").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cart_lines_plain")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("cart_lines_user_line", ["user_id", "product_id", "size", "color"])
    .execute();
  // Stitched lines have no place in the older table: only ready-made lines go back.
  await sql`insert into cart_lines_plain (id, user_id, product_id, size, color, quantity, created_at, updated_at)
    select id, user_id, product_id, size, color, quantity, created_at, updated_at from cart_lines
    where stitching_key = ''`.execute(db);
  await db.schema.dropTable("cart_lines").execute();
  await db.schema.alterTable("cart_lines_plain").renameTo("cart_lines").execute();
}
