import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminClient, adminLogin, createRoleUser, multipartBody } from "./testing/admin.ts";
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
import { makeLinesMadeToMeasure, testSnapshot } from "./testing/made-to-measure.ts";
import { readMail, startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * Stitching styles and the workshop (issue 29, part 2; decision 0041), through HTTP on a listening
 * store with a real SMTP server: the owner keeps the styles (staff read them), the storefront lists
 * those that suit an unstitched fabric, the workshop moves made-to-measure lines through their steps,
 * an order cannot ship before they are ready, and the shopper is mailed once when they are. Every
 * answer is checked against its route's declared schemas (decision 0028).
 */

interface Style {
  id: string;
  name: string;
  priceFils: number;
  leadDays: number;
  fabricTypes: string[];
  active: boolean;
  image: string | null;
}
interface WorkshopLine {
  lineId: string;
  workStep: string;
  workStepAt: string | null;
  valuesMm: Record<string, number>;
  style: { name: string };
  note: string | null;
  readyBy: string;
  profileName: string | null;
}

describe.each(TEST_ENGINES)("stitching styles and the workshop on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let lawn: TestProduct;
  let chiffon: TestProduct;
  let abaya: TestProduct;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, {
      COD_ENABLED: "true",
      SMTP_URL: smtp.url,
      REQUEST_RATE_LIMIT_PER_IP: "1000",
    });
    const db = store.database.db;
    owner = await adminLogin(store.app, (await createRoleUser(db, "owner")).email);
    staff = await adminLogin(store.app, (await createRoleUser(db, "staff")).email);
    lawn = await addTestProduct(db, {
      name: "Lawn 3-Piece",
      variants: [{ size: "3 m", retailFils: 20_000, stock: 50 }],
    });
    chiffon = await addTestProduct(db, {
      name: "Chiffon 3-Piece",
      variants: [{ size: "3 m", retailFils: 30_000, stock: 50 }],
    });
    abaya = await addTestProduct(db, {
      name: "Ready Abaya",
      variants: [{ size: "M/54", retailFils: 45_000, stock: 50 }],
    });
    for (const [product, fabric] of [
      [lawn, "Lawn"],
      [chiffon, "Chiffon"],
    ] as const)
      await db
        .updateTable("products")
        .set({ type: "Unstitched", fabric })
        .where("id", "=", product.productId)
        .execute();
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  async function makeStyle(body: Record<string, unknown>): Promise<Style> {
    const res = await owner.call("POST", "/api/admin/stitching-styles", body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.style as Style;
  }

  const publicStyles = async (slug: string) => {
    const res = await api(store.base, "GET", `/api/stitching/styles?product=${encodeURIComponent(slug)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.styles as { name: string }[]).map((s) => s.name);
  };

  async function placeCod(products: TestProduct[]) {
    const buyer = await newShopper(store.base, store.database.db);
    const res = await api(store.base, "POST", "/api/order/place", {
      token: buyer.token,
      body: orderPayload(
        products.map((product) => ({ product, quantity: 1 })),
        { price: { payment_mode: "cod" } },
      ),
    });
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    const order = res.body.order as { _id: string; orderNumber: string };
    return { ...order, buyer };
  }

  /** An order of two made-to-measure lines and a ready-made one. */
  async function madeToMeasureOrder() {
    const order = await placeCod([lawn, chiffon, abaya]);
    const lines = await makeLinesMadeToMeasure(store.database.db, order._id, [0, 1], (position) =>
      testSnapshot({ profileName: position === 0 ? "Mother" : "Daughter" }),
    );
    return { ...order, lines };
  }

  const step = (client: AdminClient, orderId: string, lineId: string, to: string) =>
    client.call("POST", `/api/admin/orders/${orderId}/lines/${lineId}/step`, { step: to });

  const workshopOf = async (orderId: string) => {
    const res = await staff.call("GET", `/api/admin/orders/${orderId}/workshop`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.lines as WorkshopLine[];
  };

  it("lets the owner make, change, picture and archive a style; staff only read; bad input is a 400", async () => {
    const style = await makeStyle({
      name: "Straight kameez",
      nameAr: "قميص مستقيم",
      description: "Knee length",
      priceAed: 180.5,
      leadDays: 7,
      fabricTypes: ["Lawn", "Lawn", " Khaddar "],
    });
    expect(style).toMatchObject({
      priceFils: 18_050,
      leadDays: 7,
      fabricTypes: ["Lawn", "Khaddar"],
      active: true,
    });

    const byStaff = await staff.call("POST", "/api/admin/stitching-styles", {
      name: "X",
      priceAed: 1,
      leadDays: 1,
    });
    expect([byStaff.status, byStaff.body.code]).toEqual([403, "forbidden"]);
    const staffEdit = await staff.call("PATCH", `/api/admin/stitching-styles/${style.id}`, { active: false });
    expect(staffEdit.status).toBe(403);
    const list = await staff.call("GET", "/api/admin/stitching-styles");
    expect(list.status).toBe(200);
    expect((list.body.styles as Style[]).some((s) => s.id === style.id)).toBe(true);
    expect(list.body.fabrics).toEqual(expect.arrayContaining(["Chiffon", "Lawn"]));

    for (const bad of [
      { name: "", priceAed: 10, leadDays: 3 },
      { name: "Bad price", priceAed: -1, leadDays: 3 },
      { name: "Bad price", priceAed: 10.555, leadDays: 3 },
      { name: "No days", priceAed: 10, leadDays: 0 },
      { name: "Extra", priceAed: 10, leadDays: 3, priceFils: 1 },
    ]) {
      const res = await owner.call("POST", "/api/admin/stitching-styles", bad);
      expect([res.status, res.body.code], JSON.stringify(bad)).toEqual([400, "validation"]);
      expect(res.body.message).toBeTruthy();
    }

    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#884466" } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody(
      [{ name: "kameez.png", content: png, type: "image/png" }],
      "image",
    );
    const upload = await store.app.inject({
      method: "POST",
      url: `/api/admin/stitching-styles/${style.id}/image`,
      headers: { cookie: owner.cookie, "x-csrf-token": owner.csrf, "content-type": contentType },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const image = (upload.json() as { style: Style }).style.image;
    expect(image).toMatch(/^\/media\/stitching\/upload-[\w-]+\.webp$/);
    expect((await fetch(`${store.base}${image}?w=240`)).status).toBe(200);

    const archived = await owner.call("PATCH", `/api/admin/stitching-styles/${style.id}`, {
      active: false,
      priceAed: 200,
    });
    expect(archived.status).toBe(200);
    expect(archived.body.style).toMatchObject({ active: false, priceFils: 20_000 });
    const audit = await store.database.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", style.id)
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      "stitching_style.create",
      "stitching_style.image",
      "stitching_style.archive",
    ]);
  });

  it("offers a product the active styles that suit its fabric, and only an unstitched one", async () => {
    const all = await makeStyle({ name: `Any fabric ${engine.name}`, priceAed: 250, leadDays: 10 });
    await makeStyle({ name: `Lawn only ${engine.name}`, priceAed: 150, leadDays: 5, fabricTypes: ["Lawn"] });
    const gone = await makeStyle({ name: `Archived ${engine.name}`, priceAed: 99, leadDays: 5 });
    await owner.call("PATCH", `/api/admin/stitching-styles/${gone.id}`, { active: false });

    const forLawn = await publicStyles(lawn.slug);
    expect(forLawn).toEqual(expect.arrayContaining([all.name, `Lawn only ${engine.name}`]));
    expect(forLawn).not.toContain(gone.name);
    const forChiffon = await publicStyles(chiffon.slug);
    expect(forChiffon).toContain(all.name);
    expect(forChiffon).not.toContain(`Lawn only ${engine.name}`);
    expect(await publicStyles(abaya.slug)).toEqual([]);
    expect(await publicStyles("no-such-product")).toEqual([]);

    const res = await api(store.base, "GET", `/api/stitching/styles?product=${lawn.slug}`);
    const one = (res.body.styles as Record<string, unknown>[]).find((s) => s.name === all.name);
    expect(one).toMatchObject({ priceFils: 25_000, leadDays: 10, image: null, nameAr: null });
    const missing = await api(store.base, "GET", "/api/stitching/styles");
    expect(missing.status).toBe(400);
  });

  it("moves a line forward (event, audit, time), refuses staff a step back and lets the owner", async () => {
    const order = await madeToMeasureOrder();
    const [first] = order.lines as [string, string];
    const moved = await step(staff, order._id, first, "cutting");
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const line = (moved.body.lines as WorkshopLine[]).find((l) => l.lineId === first);
    expect(line?.workStep).toBe("cutting");
    expect(line?.workStepAt).toBeTruthy();
    expect(moved.body.canMoveBack).toBe(false);

    const back = await step(staff, order._id, first, "measured");
    expect([back.status, back.body.code]).toEqual([403, "forbidden"]);
    const same = await step(staff, order._id, first, "cutting");
    expect(same.status).toBe(409);
    const unknown = await step(staff, order._id, first, "dyeing");
    expect(unknown.status).toBe(400);
    const notMtm = await step(staff, order._id, "no-such-line", "cutting");
    expect(notMtm.status).toBe(404);
    const ownerBack = await step(owner, order._id, first, "measured");
    expect(ownerBack.status).toBe(200);

    const detail = await staff.call("GET", `/api/admin/orders/${order._id}`);
    // The back office's order carries the lines' snapshot and step too (its screen draws the workshop).
    const adminLines = (detail.body.order as { line_items: Record<string, unknown>[] }).line_items;
    expect(adminLines.map((l) => l.workStep)).toEqual(["measured", "measured", null]);
    expect(adminLines[1]?.stitching).toMatchObject({ profileName: "Daughter" });
    const notes = (detail.body.events as { note: string | null }[]).map((e) => e.note);
    expect(notes).toEqual(
      expect.arrayContaining([
        "Workshop: Lawn 3-Piece · Classic A-line abaya: Measured → Cutting",
        "Workshop: Lawn 3-Piece · Classic A-line abaya: Cutting → Measured",
      ]),
    );
    const audit = await store.database.db
      .selectFrom("audit_log")
      .select(["action", "changes"])
      .where("entity_id", "=", order._id)
      .where("action", "=", "order.work_step")
      .execute();
    expect(audit).toHaveLength(2);

    const mine = await api(store.base, "POST", "/api/order/userorders", {
      token: order.buyer.token,
      body: {},
    });
    const dto = (mine.body.orders as { _id: string; line_items: Record<string, unknown>[] }[]).find(
      (o) => o._id === order._id,
    );
    expect(dto?.line_items.map((l) => l.workStep)).toEqual(["measured", "measured", null]);
    expect(dto?.line_items[0]?.stitching).toMatchObject({ profileName: "Mother", readyBy: "2026-12-10" });
    expect(dto?.line_items[2]?.stitching).toBeNull();
    // Her timeline shows status changes only, never the workshop's notes.
    const timeline = JSON.stringify(mine.body);
    expect(timeline).not.toContain("Workshop:");
  });

  it("refuses to ship until every made-to-measure line is ready, then ships; mails her once", async () => {
    const order = await madeToMeasureOrder();
    const [first, second] = order.lines as [string, string];
    const move = (body: Record<string, unknown>) =>
      staff.call("POST", `/api/admin/orders/${order._id}/status`, body);
    expect((await move({ status: "Packing" })).status).toBe(200);
    const refused = await move({ status: "Shipped", courier: "Aramex", trackingNumber: "AWB-1" });
    expect([refused.status, refused.body.code]).toEqual([409, "invalid_transition"]);
    expect(refused.body.message).toContain("before its made-to-measure lines are ready");
    expect(refused.body.message).toContain("Lawn 3-Piece (measured)");

    for (const to of ["cutting", "stitching", "finishing", "ready"]) {
      const res = await step(staff, order._id, first, to);
      expect(res.body.mailed).toBe(false);
    }
    expect((await move({ status: "Shipped", courier: "Aramex", trackingNumber: "AWB-1" })).status).toBe(409);
    const since = smtp.received.length;
    const last = await step(staff, order._id, second, "ready");
    expect(last.body.mailed).toBe(true);
    const mail = readMail(await smtp.waitFor(order.buyer.email, { subject: /is ready/, since }));
    expect(mail.subject).toContain(`Your made-to-measure order ${order.orderNumber} is ready`);
    expect(mail.text).toContain("Chiffon 3-Piece · Classic A-line abaya · Daughter");

    // Back and forward again: no second mail.
    expect((await step(owner, order._id, second, "finishing")).status).toBe(200);
    expect((await step(owner, order._id, second, "ready")).body.mailed).toBe(false);
    const ready = await store.database.db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", order.buyer.email)
      .where("kind", "=", "order-mtm-ready")
      .execute();
    expect(ready).toHaveLength(1);

    const shipped = await move({ status: "Shipped", courier: "Aramex", trackingNumber: "AWB-1" });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await workshopOf(order._id)).map((l) => l.workStep)).toEqual(["ready", "ready"]);
  });

  it("does not work on a cancelled order's lines", async () => {
    const order = await madeToMeasureOrder();
    const cancelled = await owner.call("POST", `/api/admin/orders/${order._id}/status`, {
      status: "Cancelled",
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refused = await step(owner, order._id, order.lines[0]!, "cutting");
    expect([refused.status, refused.body.code]).toEqual([409, "invalid_transition"]);
    expect((await workshopOf(order._id)).map((l) => l.workStep)).toEqual(["measured", "measured"]);
  });

  it("mails an Arabic shopper in Arabic", async () => {
    const order = await placeCod([lawn]);
    const [line] = await makeLinesMadeToMeasure(store.database.db, order._id, [0]);
    await store.database.db
      .updateTable("orders")
      .set({ language: "ar" })
      .where("id", "=", order._id)
      .execute();
    const since = smtp.received.length;
    expect((await step(owner, order._id, line!, "ready")).body.mailed).toBe(true);
    const mail = readMail(await smtp.waitFor(order.buyer.email, { subject: /جاهز/, since }));
    expect(mail.text).toContain("انتهى تفصيل طلبك");
    expect(mail.text).toContain("عباية كلاسيكية بقصة A");
  });

  it("answers the work order's content: style, measurements, note, ready-by date and step", async () => {
    const order = await madeToMeasureOrder();
    const res = await owner.call("GET", `/api/admin/orders/${order._id}/workshop`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderNumber: order.orderNumber, canMoveBack: true });
    const [line] = res.body.lines as WorkshopLine[];
    expect(line).toMatchObject({
      workStep: "measured",
      style: { name: "Classic A-line abaya" },
      note: "Loose at the sleeves, please",
      readyBy: "2026-12-10",
      profileName: "Mother",
      valuesMm: { bust: 925, fullLength: 1420 },
    });
    // Both units, labelled in both languages, in the tailor's order.
    const rows = (line as WorkshopLine & { measurements: { key: string }[] }).measurements;
    expect(rows.map((r) => r.key)).toEqual([
      "shoulder",
      "bust",
      "waist",
      "hips",
      "sleeveLength",
      "fullLength",
    ]);
    expect(rows).toContainEqual({ key: "bust", en: "Bust", ar: "محيط الصدر", cm: 92.5, in: 36.4 });
    const none = await placeCod([abaya]);
    expect(await workshopOf(none._id)).toEqual([]);
    expect((await owner.call("GET", "/api/admin/orders/no-such-order/workshop")).status).toBe(404);
  });
});

describe.each(TEST_ENGINES)("the demo store's stitching styles on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("seeds four styles with pictures drawn by the project, offered by fabric", async () => {
    expect(store.seed?.seeded).toBe(true);
    const styles = async (slug: string) => {
      const res = await store.app.inject({ method: "GET", url: `/api/stitching/styles?product=${slug}` });
      expect(res.statusCode).toBe(200);
      return (res.json() as { styles: { name: string; nameAr: string | null; image: string | null }[] })
        .styles;
    };
    const lawn = await styles("gulnaz-unstitched-lawn-3-piece");
    expect(lawn.map((s) => s.name)).toEqual([
      "Classic A-line abaya",
      "Straight kameez with trousers",
      "Jalabiya with embroidered neckline",
    ]);
    expect(lawn.every((s) => s.nameAr && s.image?.startsWith("/media/stitching/"))).toBe(true);
    expect((await styles("laila-unstitched-organza-3-piece")).map((s) => s.name)).toContain(
      "Flared Anarkali",
    );
    const picture = await store.app.inject({ method: "GET", url: `${lawn[0]!.image}?w=240` });
    expect([picture.statusCode, picture.headers["content-type"]]).toEqual([200, "image/webp"]);
  });
});
