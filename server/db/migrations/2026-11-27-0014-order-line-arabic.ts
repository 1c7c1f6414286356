import { type Kysely, sql } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one.
// Arabic in the back office (issue 25; docs/decisions/0025-arabic-back-office.md). Each order line keeps
// the Arabic product name it was bought under (`order_lines.name_ar`, filled at placement since 0008), so
// an owner's later edit never changes an order's page, mail or document. Lines placed while their product
// had no Arabic name kept none; they get the product's Arabic name as it stands now, once, where it has
// one. Lines that already hold a name are never touched, and lines of products without Arabic stay null
// (the order shows the English name they were bought under).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update order_lines
    set name_ar = (
      select p.name_ar from products p
      where p.id = order_lines.product_id and p.name_ar is not null and trim(p.name_ar) <> ''
    )
    where name_ar is null
      and exists (
        select 1 from products p
        where p.id = order_lines.product_id and p.name_ar is not null and trim(p.name_ar) <> ''
      )
  `.execute(db);
}

export async function down(_db: Kysely<any>): Promise<void> {
  // A backfill: the filled names cannot be told from names filled at placement, so nothing is undone.
}
