import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Made to measure (issue 29; docs/decisions/0040-made-to-measure.md): a shopper's named measurement
// profiles, the stitching styles the owner keeps, and what an order line keeps of its made-to-measure
// service (a JSON snapshot of style and measurements) with its workshop step.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("measurement_profiles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull().check(sql.raw("unit in ('cm', 'in')")))
    // JSON text: { [key]: whole millimetres } (core/schemas/measurements.ts).
    .addColumn("values_mm", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) =>
      c.notNull().defaultTo("shopper").check(sql.raw("source in ('shopper', 'home_visit')")),
    )
    // The stitching request a home visit filled it from.
    .addColumn("request_id", "text", (c) => c.references("stitching_requests.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("measurement_profiles_user")
    .on("measurement_profiles")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("stitching_styles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_ar", "text")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description_ar", "text")
    // A media key, as products' images are.
    .addColumn("image", "text")
    .addColumn("price_fils", "integer", (c) => c.notNull().check(sql.raw("price_fils >= 0")))
    // UAE business days from the order to ready.
    .addColumn("lead_days", "integer", (c) => c.notNull().check(sql.raw("lead_days >= 0")))
    // JSON text: the fabrics it suits, as products.fabric names them ([] = every unstitched fabric).
    .addColumn("fabric_types", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("order_lines").addColumn("stitching", "text").execute();
  await db.schema.alterTable("order_lines").addColumn("work_step", "text").execute();
  await db.schema.alterTable("order_lines").addColumn("work_step_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_lines").dropColumn("work_step_at").execute();
  await db.schema.alterTable("order_lines").dropColumn("work_step").execute();
  await db.schema.alterTable("order_lines").dropColumn("stitching").execute();
  await db.schema.dropTable("stitching_styles").execute();
  await db.schema.dropTable("measurement_profiles").execute();
}
