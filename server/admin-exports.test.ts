import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_COLUMNS, PRODUCT_COLUMNS } from "./services/admin-exports.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * The back office's CSV exports (issue 26; decision 0026): orders of inclusive Asia/Dubai days, one row
 * per line with net, VAT, gross and the document number, test orders left out; products with their
 * stock. Read back cell by cell, Arabic included; a shopper's formula-looking text stays text.
 */

/** Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0)
    throw new Error(`the file does not end with CRLF: ${JSON.stringify(cell)}`);
  return rows;
}

describe.each(TEST_ENGINES)("the back office's CSV exports on $name", (engine) => {
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let product: TestProduct;
  const ids: Record<string, string> = {};

  async function download(client: AdminClient, url: string) {
    const res = await store.app.inject({ method: "GET", url, headers: { cookie: client.cookie } });
    return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, text: res.body };
  }

  beforeAll(async () => {
    store = await createListeningStore(engine, { COD_ENABLED: "true", REQUEST_RATE_LIMIT_PER_IP: "1000" });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
    product = await addTestProduct(db, {
      name: "Ivory Chiffon Abaya",
      variants: [
        { size: "M/54", retailFils: 45_000, stock: 50 },
        { size: "L/56", retailFils: 52_500, discount: 10, stock: null },
      ],
    });
    await db
      .updateTable("products")
      .set({ name_ar: "عباية شيفون عاجية" })
      .where("id", "=", product.productId)
      .execute();
    const shopper = await newShopper(store.base, db);
    const place = async (lines: { size: string; quantity: number }[]) => {
      const res = await api(store.base, "POST", "/api/order/place", {
        token: shopper.token,
        body: orderPayload(
          lines.map((l) => ({ product, ...l })),
          { price: { payment_mode: "cod" } },
        ),
      });
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      return (res.body.order as { _id: string })._id;
    };
    // First and last instant of the Dubai days 1..30 November, one each side, and a test order inside.
    const placed: Record<string, string> = {
      first: "2026-10-31T20:00:00.000Z",
      last: "2026-11-30T19:59:59.999Z",
      before: "2026-10-31T19:59:59.999Z",
      after: "2026-11-30T20:00:00.000Z",
      test: "2026-11-15T10:00:00.000Z",
    };
    for (const [key, at] of Object.entries(placed)) {
      ids[key] = await place(
        key === "first"
          ? [
              { size: "M/54", quantity: 2 },
              { size: "L/56", quantity: 1 },
            ]
          : [{ size: "M/54", quantity: 1 }],
      );
      await db.updateTable("orders").set({ placed_at: at }).where("id", "=", ids[key]).execute();
    }
    await db
      .updateTable("orders")
      .set({ is_test: true })
      .where("id", "=", ids.test ?? "")
      .execute();
    // What a shopper typed that a spreadsheet would run, and an Arabic name.
    await db
      .updateTable("orders")
      .set({ ship_first_name: '=HYPERLINK("http://x","y")', ship_last_name: "مريم", ship_city: "@Dubai" })
      .where("id", "=", ids.first ?? "")
      .execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  it("exports the orders of inclusive Dubai days, a row per line, figures and Arabic cell by cell", async () => {
    const db = store.database.db;
    const res = await download(owner, "/api/admin/exports/orders.csv?from=2026-11-01&to=2026-11-30");
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="orders-2026-11-01-to-2026-11-30.csv"',
    );
    // UTF-8 with a byte-order mark, so Excel reads the Arabic right.
    expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.raw.subarray(3).toString("utf8"));
    expect(rows[0]).toEqual([...ORDER_COLUMNS]);
    const orders = await db
      .selectFrom("orders")
      .select(["id", "order_number", "ship_phone", "ship_email"])
      .where("id", "in", [ids.first ?? "", ids.last ?? ""])
      .execute();
    const numberOf = (id?: string) => orders.find((o) => o.id === id)?.order_number;
    const docs = await db.selectFrom("documents").select(["order_id", "number", "kind"]).execute();
    const documentOf = (id?: string) =>
      docs.find((d) => d.order_id === id && (d.kind === "tax_invoice" || d.kind === "receipt"))?.number ?? "";
    // Two lines of the first order, one of the last: not the orders either side, not the test order.
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      numberOf(ids.first),
      numberOf(ids.first),
      numberOf(ids.last),
    ]);
    const first = orders.find((o) => o.id === ids.first);
    const [sku0, sku1] = product.variants.map((v) => v.sku);
    // 2 × 450.00 with VAT included at 5%: VAT 42.86, net 857.14.
    expect(rows[1]).toEqual([
      numberOf(ids.first),
      "2026-11-01 00:00",
      "Order Placed",
      "Cash on delivery",
      "unpaid",
      documentOf(ids.first),
      `'=HYPERLINK("http://x","y") مريم`,
      `'${first?.ship_phone}`,
      first?.ship_email,
      "'@Dubai",
      "",
      "",
      sku0,
      "Ivory Chiffon Abaya",
      "عباية شيفون عاجية",
      "M/54",
      "Black",
      "2",
      "450.00",
      "857.14",
      "42.86",
      "900.00",
    ]);
    // 525.00 less 10%: 472.50, VAT 22.50, net 450.00.
    expect(rows[2]?.slice(12)).toEqual([
      sku1,
      "Ivory Chiffon Abaya",
      "عباية شيفون عاجية",
      "L/56",
      "Black",
      "1",
      "472.50",
      "450.00",
      "22.50",
      "472.50",
    ]);
    expect(rows[3]?.[1]).toBe("2026-11-30 23:59");
    expect(rows[3]?.slice(18)).toEqual(["450.00", "428.57", "21.43", "450.00"]);
  });

  it("pages through a long range without losing or repeating a line", async () => {
    const db = store.database.db;
    // More orders than one page holds, all on one day (the same instant: the id breaks the tie).
    const template = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", ids.last ?? "")
      .executeTakeFirstOrThrow();
    const line = await db
      .selectFrom("order_lines")
      .selectAll()
      .where("order_id", "=", ids.last ?? "")
      .executeTakeFirstOrThrow();
    const many = Array.from({ length: 450 }, (_, i) => `bulk-${String(i).padStart(4, "0")}`);
    for (const id of many) {
      await db
        .insertInto("orders")
        .values({ ...template, id, order_number: `B${id}`, placed_at: "2026-12-05T08:00:00.000Z" })
        .execute();
      await db
        .insertInto("order_lines")
        .values({ ...line, id: `${id}-l`, order_id: id })
        .execute();
    }
    const res = await download(owner, "/api/admin/exports/orders.csv?from=2026-12-05&to=2026-12-05");
    expect(res.status).toBe(200);
    const rows = parseCsv(res.raw.subarray(3).toString("utf8")).slice(1);
    expect(rows.map((r) => r[0])).toEqual(many.map((id) => `B${id}`));
  });

  it("exports every size with its stock, held and available", async () => {
    const res = await download(owner, "/api/admin/exports/products.csv");
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.raw.subarray(3).toString("utf8"));
    expect(rows[0]).toEqual([...PRODUCT_COLUMNS]);
    const ours = rows.filter((r) => r[0] === "Ivory Chiffon Abaya");
    const stock = await store.database.db
      .selectFrom("product_variants")
      .select(["sku", "stock", "held_quantity"])
      .where("product_id", "=", product.productId)
      .orderBy("position")
      .execute();
    const m = stock[0];
    expect(ours).toEqual([
      [
        "Ivory Chiffon Abaya",
        "عباية شيفون عاجية",
        "Published",
        "abayas",
        m?.sku,
        "M/54",
        "450.00",
        "0",
        String(m?.stock),
        String(m?.held_quantity),
        String(Number(m?.stock) - Number(m?.held_quantity)),
      ],
      // A size that does not track stock has no count.
      [
        "Ivory Chiffon Abaya",
        "عباية شيفون عاجية",
        "Published",
        "abayas",
        stock[1]?.sku,
        "L/56",
        "525.00",
        "10",
        "",
        "0",
        "",
      ],
    ]);
  });

  it("is the owner's alone, and refuses a range that is not one", async () => {
    for (const url of [
      "/api/admin/exports/orders.csv?from=2026-11-01&to=2026-11-30",
      "/api/admin/exports/products.csv",
    ]) {
      const refused = await download(staff, url);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.text)).toMatchObject({ code: "forbidden" });
      const anonymous = await store.app.inject({ method: "GET", url });
      expect(anonymous.statusCode).toBe(401);
    }
    for (const [query, message] of [
      ["from=2026-11-30&to=2026-11-01", "From must be on or before To"],
      ["from=2026-02-30&to=2026-03-01", "From is not a real date"],
      ["from=yesterday&to=2026-03-01", "From must be a date (YYYY-MM-DD)"],
      ["to=2026-03-01", "From must be a date"],
    ] as const) {
      const res = await download(owner, `/api/admin/exports/orders.csv?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.parse(res.text), query).toMatchObject({ success: false, code: "validation", message });
    }
  });
});
