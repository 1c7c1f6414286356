import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "./ids.ts";
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
 * Stock counts (issue 26; decision 0026, amending 0013): 'set to the counted number' is a
 * compare-and-set on the figure the owner read. A sale between reading and saving makes it a 409 naming
 * the new figure, nothing changed; it never goes below what payments in progress hold.
 */
describe.each(TEST_ENGINES)("stock counts in the back office on $name", (engine) => {
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let product: TestProduct;

  beforeAll(async () => {
    store = await createListeningStore(engine, { COD_ENABLED: "true", REQUEST_RATE_LIMIT_PER_IP: "1000" });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
    product = await addTestProduct(db, {
      variants: [
        { size: "M/54", retailFils: 30_000, stock: 10 },
        { size: "L/56", retailFils: 30_000, stock: null },
      ],
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  const variantId = () => product.variants[0]?.variantId ?? "";
  const stock = async () => {
    const row = await store.database.db
      .selectFrom("product_variants")
      .select(["stock", "held_quantity"])
      .where("id", "=", variantId())
      .executeTakeFirstOrThrow();
    return { stock: row.stock === null ? null : Number(row.stock), held: Number(row.held_quantity) };
  };
  const count = (client: AdminClient, body: Record<string, unknown>) =>
    client.call("POST", `/api/admin/products/${product.productId}/stock/count`, {
      variantId: variantId(),
      ...body,
    });
  const sell = async (quantity: number) => {
    const shopper = await newShopper(store.base, store.database.db);
    return api(store.base, "POST", "/api/order/place", {
      token: shopper.token,
      body: orderPayload([{ product, quantity }], { price: { payment_mode: "cod" } }),
    });
  };

  it("refuses a count when a sale came after the figure was read, naming the new figure", async () => {
    const read = await owner.call("GET", `/api/admin/products/${product.productId}`);
    const figure = (read.body.product as { variants: { id: string; stock: number }[] }).variants.find(
      (v) => v.id === variantId(),
    )?.stock;
    expect(figure).toBe(10);
    expect([200, 201]).toContain((await sell(2)).status);

    const refused = await count(owner, { expected: figure, counted: 9 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "stock_changed",
      message:
        "The stock of size M/54 changed to 8 since you read 10 (a sale or another change came between): check the count and set it again",
    });
    expect(await stock()).toEqual({ stock: 8, held: 0 });

    const set = await staff.call("POST", `/api/admin/products/${product.productId}/stock/count`, {
      variantId: variantId(),
      expected: 8,
      counted: 12,
      reason: "Shelf count",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.variant).toMatchObject({ id: variantId(), stock: 12, available: 12 });
    expect(await stock()).toEqual({ stock: 12, held: 0 });
    const audit = await owner.call("GET", `/api/admin/audit?entity=variant&entityId=${variantId()}`);
    expect((audit.body.entries as { action: string; changes: unknown[] }[])[0]).toMatchObject({
      action: "variant.count",
      changes: [
        { field: "stock", before: 8, after: 12 },
        { field: "reason", before: null, after: "Shelf count" },
      ],
    });
  });

  it("never sets a count below the units held for payments in progress", async () => {
    await store.database.db
      .updateTable("product_variants")
      .set({ held_quantity: 3 })
      .where("id", "=", variantId())
      .execute();
    const refused = await count(owner, { expected: 12, counted: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "stock_below_committed",
      message: "Size M/54 cannot be set below 3: 3 are held for payments in progress",
    });
    expect(await stock()).toEqual({ stock: 12, held: 3 });
    const ok = await count(owner, { expected: 12, counted: 3 });
    expect(ok.status).toBe(200);
    expect(ok.body.variant).toMatchObject({ stock: 3, held: 3, available: 0 });
    await store.database.db
      .updateTable("product_variants")
      .set({ held_quantity: 0 })
      .where("id", "=", variantId())
      .execute();
  });

  it("refuses bad input, unknown sizes and sizes that do not track stock, changing nothing", async () => {
    const before = await stock();
    for (const [body, status, code] of [
      [{ expected: 3, counted: -1 }, 400, "validation"],
      [{ expected: 3, counted: 1.5 }, 400, "validation"],
      [{ expected: "3", counted: 4 }, 400, "validation"],
      [{ counted: 4 }, 400, "validation"],
      [{ expected: 3, counted: 4, variantId: newId() }, 404, "not_found"],
      [{ expected: 0, counted: 4, variantId: product.variants[1]?.variantId }, 409, "stock_untracked"],
    ] as const) {
      const res = await count(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
    }
    const missing = await owner.call("POST", `/api/admin/products/${newId()}/stock/count`, {
      variantId: variantId(),
      expected: 3,
      counted: 4,
    });
    expect(missing.status).toBe(404);
    expect(await stock()).toEqual(before);
  });

  it("a count racing a sale: either the count lands and the sale takes from it, or it is refused", async () => {
    const { stock: read } = await stock();
    if (read === null) throw new Error("tracked");
    const [counted, sale] = await Promise.all([count(owner, { expected: read, counted: 20 }), sell(1)]);
    expect([200, 201]).toContain(sale.status);
    const after = await stock();
    if (counted.status === 200) expect(after.stock).toBe(19);
    else {
      expect(counted.body.code).toBe("stock_changed");
      expect(after.stock).toBe(read - 1);
    }
  });
});
