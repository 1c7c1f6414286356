import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readyDate } from "#core/business-days.ts";
import type { StitchingSnapshot } from "#core/schemas/measurements.ts";
import { openDatabase } from "./db/connection.ts";
import { migrateTo, migrateToLatest } from "./db/migrate.ts";
import { newId } from "./ids.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  submitCard,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * 'Stitch it for me' (issue 29; decision 0042) over HTTP on a listening store: the server prices fabric
 * plus the style from the database, refuses a withdrawn or unsuitable style, another shopper's profile
 * and measurements out of range, keeps stitched cart lines apart, and writes an order line's snapshot
 * (cash on delivery and a card paid through the Paymennt sandbox) that later edits never change.
 */

const FABRIC_FILS = 20_000;
const STYLE_FILS = 15_000;
const MEASURED = { shoulder: 38, bust: 92, waist: 78, hips: 100, sleeveLength: 58, fullLength: 140 };

describe.each(TEST_ENGINES)("migration 0025 on $name", (engine) => {
  it("keeps the carts already stored and lets one fabric have a plain and a stitched line", async () => {
    const fresh = await engine.create();
    const database = openDatabase(fresh.url, { poolSize: 2 });
    try {
      const db = database.db;
      await migrateTo(db, "2026-11-27-0022-made-to-measure");
      const at = "2026-11-25T10:00:00.000Z";
      await db
        .insertInto("users")
        .values({
          id: "u1",
          name: "Amal",
          email: "amal@example.com",
          email_verified: true,
          phone: "+971501234567",
          password_hash: null,
          google_sub: null,
          session_version: 0,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      const product = await addTestProduct(db, {
        variants: [{ size: "Free", retailFils: 10_000, stock: 5 }],
      });
      const line = { user_id: "u1", product_id: product.productId, size: "Free", color: "Black" };
      await db
        .insertInto("cart_lines")
        .values({ id: "c1", ...line, quantity: 2, created_at: at, updated_at: at } as never)
        .execute();
      await migrateToLatest(db);
      expect(await db.selectFrom("cart_lines").selectAll().execute()).toEqual([
        {
          id: "c1",
          ...line,
          quantity: 2,
          created_at: at,
          updated_at: at,
          stitching: null,
          stitching_key: "",
        },
      ]);
      const stitched = {
        ...line,
        quantity: 1,
        created_at: at,
        updated_at: at,
        stitching: "{}",
        stitching_key: "k",
      };
      await db
        .insertInto("cart_lines")
        .values({ id: "c2", ...stitched })
        .execute();
      await expect(
        db
          .insertInto("cart_lines")
          .values({ id: "c3", ...stitched })
          .execute(),
      ).rejects.toThrow();
      expect(await db.selectFrom("cart_lines").select("id").orderBy("id").execute()).toEqual([
        { id: "c1" },
        { id: "c2" },
      ]);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});

describe.each(TEST_ENGINES)("stitched cart lines on $name", (engine) => {
  let store: ListeningStore;
  let owner: AdminClient;
  let fabric: TestProduct;
  let abaya: TestProduct;
  const style = { classic: newId(), retired: newId(), chiffonOnly: newId() };

  async function addStyle(id: string, values: { active?: boolean; fabrics?: string[]; lead?: number }) {
    const at = new Date().toISOString();
    await store.database.db
      .insertInto("stitching_styles")
      .values({
        id,
        name: `Classic kaftan ${id.slice(-4)}`,
        name_ar: "قفطان كلاسيكي",
        description: "",
        image: null,
        price_fils: STYLE_FILS,
        lead_days: values.lead ?? 7,
        fabric_types: JSON.stringify(values.fabrics ?? []),
        active: values.active ?? true,
        position: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  async function addProfile(userId: string, name: string) {
    const id = newId();
    const at = new Date().toISOString();
    await store.database.db
      .insertInto("measurement_profiles")
      .values({
        id,
        user_id: userId,
        name,
        unit: "cm",
        values_mm: JSON.stringify({ shoulder: 380, bust: 920, waist: 780, hips: 1000, sleeveLength: 580 }),
        source: "shopper",
        request_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    store = await createListeningStore(engine, { COD_ENABLED: "true", SHOP_TRN: "100123456700003" });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    fabric = await addTestProduct(db, {
      name: "Ivory Lawn Fabric",
      variants: [{ size: "3 metres", retailFils: FABRIC_FILS, stock: 20 }],
    });
    await db
      .updateTable("products")
      .set({ type: "Unstitched", fabric: "Cotton Lawn" })
      .where("id", "=", fabric.productId)
      .execute();
    abaya = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    await addStyle(style.classic, { fabrics: ["Cotton Lawn"], lead: 7 });
    await addStyle(style.retired, { active: false });
    await addStyle(style.chiffonOnly, { fabrics: ["Chiffon"] });
  });
  afterAll(async () => {
    await store?.close();
  });

  const stitchedLine = (stitching: Record<string, unknown>, quantity = 1) => {
    const payload = orderPayload([{ product: fabric, quantity }], { price: { payment_mode: "cod" } });
    return { ...payload, line_items: payload.line_items.map((l) => ({ ...l, stitching })) };
  };
  const orderCount = async () =>
    Number(
      (
        await store.database.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  async function orderLines(orderId: string) {
    return store.database.db
      .selectFrom("order_lines")
      .select([
        "unit_price_fils",
        "line_total_fils",
        "discount_fils",
        "stitching",
        "work_step",
        "work_step_at",
      ])
      .where("order_id", "=", orderId)
      .orderBy("position")
      .execute();
  }

  it("quotes fabric plus the style's price from the database, with the ready date", async () => {
    const res = await api(store.base, "POST", "/api/cart/quote", {
      body: {
        lines: [
          {
            productId: fabric.productId,
            size: "3 metres",
            quantity: 2,
            price: 1,
            unitPriceFils: 1,
            stitching: { styleId: style.classic, unit: "cm", values: MEASURED, note: "Loose sleeves" },
          },
          { productId: fabric.productId, size: "3 metres", quantity: 1 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lines = res.body.lines as { unitPriceFils: number; lineTotalFils: number; stitching?: unknown }[];
    expect(lines[0]).toMatchObject({
      unitPriceFils: FABRIC_FILS + STYLE_FILS,
      lineTotalFils: 2 * (FABRIC_FILS + STYLE_FILS),
      stitching: { styleId: style.classic, priceFils: STYLE_FILS, leadDays: 7, profileName: null },
    });
    expect(lines[1]).toMatchObject({ unitPriceFils: FABRIC_FILS });
    expect(lines[1]!.stitching).toBeUndefined();
    expect(res.body.subtotalFils).toBe(3 * FABRIC_FILS + 2 * STYLE_FILS);
    expect(res.body.readyBy).toBe(readyDate([7]));
    expect(res.body.canCheckout).toBe(true);

    // A withdrawn style marks the line and blocks checkout rather than failing the quote.
    const withdrawn = await api(store.base, "POST", "/api/cart/quote", {
      body: {
        lines: [
          {
            productId: fabric.productId,
            size: "3 metres",
            quantity: 1,
            stitching: { styleId: style.retired, unit: "cm", values: MEASURED },
          },
        ],
      },
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.canCheckout).toBe(false);
    expect((withdrawn.body.lines as { problem: string }[])[0]!.problem).toMatch(/not available/);
  });

  it("moves the ready date past the owner's workshop holidays, and refuses a date that does not exist", async () => {
    const quoteReady = async () =>
      (
        await api(store.base, "POST", "/api/cart/quote", {
          body: {
            lines: [
              {
                productId: fabric.productId,
                size: "3 metres",
                quantity: 1,
                stitching: { styleId: style.classic, unit: "cm", values: MEASURED },
              },
            ],
          },
        })
      ).body.readyBy;
    expect(await quoteReady()).toBe(readyDate([7]));
    // Every working day of the next three weeks off: the date moves by at least that much.
    const holidays: string[] = [];
    for (let d = 1; d <= 21; d++)
      holidays.push(new Date(Date.now() + 4 * 3600_000 + d * 86_400_000).toISOString().slice(0, 10));
    const set = await owner.call("PUT", "/api/admin/settings", { workshopHolidays: holidays });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    try {
      expect(await quoteReady()).toBe(readyDate([7], { holidays }));
      expect(readyDate([7], { holidays })! > holidays.at(-1)!).toBe(true);
      const bad = await owner.call("PUT", "/api/admin/settings", { workshopHolidays: ["2026-02-30"] });
      expect(bad.status).toBe(400);
    } finally {
      await owner.call("PUT", "/api/admin/settings", { workshopHolidays: [] });
    }
    expect(await quoteReady()).toBe(readyDate([7]));

    // The working week is the owner's too (Monday to Saturday by default): a shop closed on Saturdays.
    expect(readyDate([7])).toBe(readyDate([7], { workingWeekdays: [1, 2, 3, 4, 5, 6] }));
    const week = await owner.call("PUT", "/api/admin/settings", { workshopWorkingDays: [1, 2, 3, 4, 5] });
    expect(week.status, JSON.stringify(week.body)).toBe(200);
    try {
      expect(await quoteReady()).toBe(readyDate([7], { workingWeekdays: [1, 2, 3, 4, 5] }));
      expect(readyDate([7], { workingWeekdays: [1, 2, 3, 4, 5] })! > readyDate([7])!).toBe(true);
      for (const refused of [[], [1, 1], [7]]) {
        const bad = await owner.call("PUT", "/api/admin/settings", { workshopWorkingDays: refused });
        expect(bad.status).toBe(400);
      }
    } finally {
      await owner.call("PUT", "/api/admin/settings", { workshopWorkingDays: [1, 2, 3, 4, 5, 6] });
    }
    expect(await quoteReady()).toBe(readyDate([7]));
  });

  it("refuses a withdrawn or unsuitable style, a ready-made product, another's profile and bad measurements", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const stranger = await newShopper(store.base, store.database.db);
    const theirs = await addProfile(stranger.id, "Stranger");
    const before = await orderCount();
    const place = (body: unknown) =>
      api(store.base, "POST", "/api/order/place", { token: buyer.token, body });

    for (const styleId of [style.retired, style.chiffonOnly, "no-such-style"]) {
      const res = await place(stitchedLine({ styleId, unit: "cm", values: MEASURED }));
      expect(res.status, styleId).toBe(400);
      expect(res.body).toMatchObject({ code: "stitching_unavailable" });
      expect(res.body.message).toMatch(/not available for this fabric/);
    }
    const readyMade = orderPayload([{ product: abaya, quantity: 1 }], { price: { payment_mode: "cod" } });
    const onAbaya = await place({
      ...readyMade,
      line_items: readyMade.line_items.map((l) => ({
        ...l,
        stitching: { styleId: style.classic, unit: "cm", values: MEASURED },
      })),
    });
    expect(onAbaya.status).toBe(400);
    expect(onAbaya.body.code).toBe("stitching_unavailable");

    const foreign = await place(stitchedLine({ styleId: style.classic, profileId: theirs }));
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("profile_not_found");
    expect(foreign.body.message).not.toContain("Stranger");

    const tooSmall = await place(
      stitchedLine({ styleId: style.classic, unit: "cm", values: { ...MEASURED, bust: 3 } }),
    );
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body).toMatchObject({ code: "measurements_invalid" });
    expect(tooSmall.body.message).toBe("Bust must be between 45 and 180 cm");
    const missing = await place(stitchedLine({ styleId: style.classic }));
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("measurements_invalid");
    const arabic = await place({
      ...stitchedLine({ styleId: style.classic, unit: "cm", values: { ...MEASURED, waist: "" } }),
      language: "ar",
    });
    expect(arabic.status).toBe(400);
    expect(arabic.body.message).toBe("أدخلي محيط الخصر");

    // Nothing was placed, and the cart refuses the same things.
    expect(await orderCount()).toBe(before);
    const cartAdd = await api(store.base, "POST", "/api/cart/add", {
      token: buyer.token,
      body: {
        itemId: fabric.productId,
        quantity: 1,
        stitching: { styleId: style.classic, profileId: theirs },
      },
    });
    expect(cartAdd.status).toBe(404);
    expect(cartAdd.body.code).toBe("profile_not_found");
    const cart = await api(store.base, "POST", "/api/cart/get", { token: buyer.token });
    expect(cart.body.cartData).toEqual({});
  });

  it("keeps a mother's and a daughter's stitched lines of one fabric apart in the server cart", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const mother = await addProfile(buyer.id, "Mother");
    const daughter = await addProfile(buyer.id, "Daughter");
    const add = (stitching?: Record<string, unknown>) =>
      api(store.base, "POST", "/api/cart/add", {
        token: buyer.token,
        body: { itemId: fabric.productId, quantity: 1, ...(stitching ? { stitching } : {}) },
      });
    expect((await add({ styleId: style.classic, profileId: mother })).status).toBe(200);
    expect((await add({ styleId: style.classic, profileId: daughter })).status).toBe(200);
    expect((await add({ styleId: style.classic, profileId: mother })).status).toBe(200);
    const last = await add();
    expect(last.status).toBe(200);
    const entry = (last.body.cartData as Record<string, { quantity: number; lines: unknown[] }>)[
      fabric.productId
    ]!;
    expect(entry.quantity).toBe(4);
    expect(entry.lines).toEqual([
      {
        size: "3 metres",
        color: "Black",
        quantity: 2,
        stitching: { styleId: style.classic, profileId: mother },
      },
      {
        size: "3 metres",
        color: "Black",
        quantity: 1,
        stitching: { styleId: style.classic, profileId: daughter },
      },
      { size: "3 metres", color: "Black", quantity: 1 },
    ]);
    // Log-in merge keeps them apart too, and takes the browser's stitched line.
    const merged = await api(store.base, "POST", "/api/cart/merge", {
      token: buyer.token,
      body: {
        lines: [
          {
            productId: fabric.productId,
            size: "3 metres",
            color: "Black",
            quantity: 3,
            stitching: { styleId: style.classic, profileId: daughter },
          },
        ],
      },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const after = (merged.body.cartData as Record<string, { lines: { quantity: number }[] }>)[
      fabric.productId
    ]!;
    expect(after.lines.map((l) => l.quantity)).toEqual([2, 3, 1]);

    // Buying the plain fabric takes only its plain line out of her saved cart; the stitched ones stay.
    const plain = orderPayload([{ product: fabric, quantity: 1 }], { price: { payment_mode: "cod" } });
    const bought = await api(store.base, "POST", "/api/order/place", { token: buyer.token, body: plain });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const left = await api(store.base, "POST", "/api/cart/get", { token: buyer.token });
    const kept = (left.body.cartData as Record<string, { lines: { stitching?: unknown }[] }>)[
      fabric.productId
    ]!;
    expect(kept.lines.map((l) => Boolean(l.stitching))).toEqual([true, true]);
  });

  it("places a cash-on-delivery order with the snapshot, which later edits never change", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const profile = await addProfile(buyer.id, "Mine");
    const placed = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: stitchedLine({ styleId: style.classic, profileId: profile, note: "  Wide hem  " }, 2),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.order as { _id: string; totalFils?: number; amount?: unknown };
    const [line] = await orderLines(order._id);
    expect(line).toMatchObject({
      unit_price_fils: FABRIC_FILS + STYLE_FILS,
      line_total_fils: 2 * (FABRIC_FILS + STYLE_FILS),
      work_step: "measured",
    });
    expect(line!.work_step_at).toBeTruthy();
    const snapshot = JSON.parse(line!.stitching!) as StitchingSnapshot;
    expect(snapshot).toEqual({
      style: {
        id: style.classic,
        name: `Classic kaftan ${style.classic.slice(-4)}`,
        nameAr: "قفطان كلاسيكي",
        image: null,
        priceFils: STYLE_FILS,
        leadDays: 7,
      },
      profileId: profile,
      profileName: "Mine",
      unit: "cm",
      valuesMm: { shoulder: 380, bust: 920, waist: 780, hips: 1000, sleeveLength: 580 },
      note: "Wide hem",
      readyBy: readyDate([7]),
    });

    // Her order page reads the same snapshot and the workshop's step.
    const orderLine = (placed.body.order as { line_items: Record<string, unknown>[] }).line_items[0]!;
    expect(orderLine).toMatchObject({ stitching: snapshot, workStep: "measured" });

    const db = store.database.db;
    await db
      .updateTable("measurement_profiles")
      .set({ name: "Renamed", values_mm: JSON.stringify({ bust: 1000 }) })
      .where("id", "=", profile)
      .execute();
    await db
      .updateTable("stitching_styles")
      .set({ name: "Changed", price_fils: 99_900, lead_days: 30 })
      .where("id", "=", style.classic)
      .execute();
    try {
      const [again] = await orderLines(order._id);
      expect(JSON.parse(again!.stitching!)).toEqual(snapshot);
      expect(again!.unit_price_fils).toBe(FABRIC_FILS + STYLE_FILS);
    } finally {
      await db
        .updateTable("stitching_styles")
        .set({ name: `Classic kaftan ${style.classic.slice(-4)}`, price_fils: STYLE_FILS, lead_days: 7 })
        .where("id", "=", style.classic)
        .execute();
    }
  });

  it("'Stitch again' uses the profile while it is hers, the snapshot's measurements once it is gone", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const profile = await addProfile(buyer.id, "Sister");
    const again = {
      styleId: style.classic,
      profileId: profile,
      unit: "cm",
      values: { shoulder: 38, bust: 92, waist: 78, hips: 100, sleeveLength: 58, fullLength: 140 },
    };
    const quote = async () => {
      const res = await api(store.base, "POST", "/api/cart/quote", {
        token: buyer.token,
        body: { lines: [{ productId: fabric.productId, size: "3 metres", quantity: 1, stitching: again }] },
      });
      expect(res.status).toBe(200);
      return (res.body.lines as { stitching?: { profileName: string | null }; problem: string | null }[])[0]!;
    };
    expect((await quote()).stitching?.profileName).toBe("Sister");
    await store.database.db.deleteFrom("measurement_profiles").where("id", "=", profile).execute();
    const gone = await quote();
    expect(gone.problem).toBeNull();
    expect(gone.stitching?.profileName).toBeNull();
    // Without measurements to fall back on, a profile that is not hers is still refused.
    const { values: _v, unit: _u, ...bare } = again;
    const refused = await api(store.base, "POST", "/api/cart/add", {
      token: buyer.token,
      body: { itemId: fabric.productId, quantity: 1, stitching: bare },
    });
    expect(refused.status).toBe(404);
  });

  it("pays a stitched line online through the sandbox, its code's share and VAT counting the stitching", async () => {
    const buyer = await newShopper(store.base, store.database.db);
    const profile = await addProfile(buyer.id, "Mine");
    const code = `STITCH${engine.name.slice(0, 2).toUpperCase()}`;
    const made = await owner.call("POST", "/api/admin/promotions", { code, kind: "percent", value: 10 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const payload = stitchedLine({ styleId: style.classic, profileId: profile });
    const readyMade = orderPayload([{ product: abaya, quantity: 1 }]).line_items[0]!;
    const started = await api(store.base, "POST", "/api/order/paymennt", {
      token: buyer.token,
      body: {
        ...payload,
        price: { payment_mode: "online" },
        discountCode: code,
        line_items: [...payload.line_items, readyMade],
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const card = await submitCard(started.body.checkoutUrl as string);
    expect(card.status).toBeLessThan(400);
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      token: buyer.token,
      body: { paymentId: started.body.paymentId },
    });
    expect(verified.body.status, JSON.stringify(verified.body)).toBe("paid");
    const order = verified.body.order as { _id: string; totalFils: number };
    const lines = await orderLines(order._id);
    // 10% of each line: the stitched line's share is on fabric plus stitching.
    expect(lines[0]).toMatchObject({
      unit_price_fils: FABRIC_FILS + STYLE_FILS,
      discount_fils: (FABRIC_FILS + STYLE_FILS) / 10,
      work_step: "measured",
    });
    expect(lines[1]).toMatchObject({ unit_price_fils: 45_000, discount_fils: 4_500, work_step: null });
    expect(lines[1]!.stitching).toBeNull();
    const row = await store.database.db
      .selectFrom("orders")
      .select(["total_fils", "payment_status"])
      .where("id", "=", order._id)
      .executeTakeFirstOrThrow();
    expect(Number(row.total_fils)).toBe(Math.round(0.9 * (FABRIC_FILS + STYLE_FILS + 45_000)));
    expect(row.payment_status).toBe("paid");
  });
});
