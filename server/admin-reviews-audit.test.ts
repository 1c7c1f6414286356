import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "./ids.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import {
  addTestProduct,
  createListeningStore,
  type ListeningStore,
  type TestProduct,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * Issue 26 (decision 0026): reviews listed and filtered by every status, a published one hidden from its
 * product page (its figures and cached answers too) and restored; the audit log filtered by person,
 * kind and Asia/Dubai days, paged.
 */

interface ListedReview {
  id: string;
  status: string;
}
interface Entry {
  id: string;
  at: string;
  action: string;
  entity: string;
  actor: { id: string | null; name: string };
}

describe.each(TEST_ENGINES)("reviews and the audit log in the back office on $name", (engine) => {
  let store: ListeningStore;
  let owner: AdminClient;
  let staff: AdminClient;
  let ownerUser: { id: string; name: string; email: string };
  let staffUser: { id: string; name: string; email: string };
  let product: TestProduct;
  const review: Record<"published" | "pending" | "rejected" | "other", string> = {
    published: newId(),
    pending: newId(),
    rejected: newId(),
    other: newId(),
  };

  beforeAll(async () => {
    store = await createListeningStore(engine);
    const db = store.database.db;
    ownerUser = await createRoleUser(db, "owner");
    staffUser = await createRoleUser(db, "staff");
    owner = await adminLogin(store.app, ownerUser.email);
    staff = await adminLogin(store.app, staffUser.email);
    product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const base = {
      product_id: product.productId,
      user_id: null,
      is_verified_purchase: true,
    };
    const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, "0")}:00.000Z`;
    await db
      .insertInto("reviews")
      .values([
        {
          ...base,
          id: review.published,
          user_name: "Huda",
          rating: 1,
          comment: "Torn seam",
          status: "published",
          created_at: at(1),
        },
        {
          ...base,
          id: review.other,
          user_name: "Noor",
          rating: 5,
          comment: "Lovely",
          status: "published",
          created_at: at(2),
        },
        {
          ...base,
          id: review.pending,
          user_name: "Aisha",
          rating: 4,
          comment: "Nice",
          status: "pending",
          created_at: at(3),
        },
        {
          ...base,
          id: review.rejected,
          user_name: "Spam",
          rating: 5,
          comment: "Buy now",
          status: "rejected",
          created_at: at(4),
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  const listed = async (status?: string) => {
    const res = await staff.call("GET", `/api/admin/reviews${status ? `?status=${status}` : ""}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.reviews as ListedReview[]).map(
      (r) =>
        `${r.id === review.other ? "other" : Object.entries(review).find(([, id]) => id === r.id)?.[0]}:${r.status}`,
    );
  };

  const productPage = async (etag?: string) => {
    const res = await store.app.inject({
      method: "GET",
      url: `/api/review/product/${product.productId}`,
      headers: etag ? { "if-none-match": etag } : {},
    });
    return {
      status: res.statusCode,
      etag: String(res.headers.etag),
      body:
        res.statusCode === 200
          ? (res.json() as {
              reviews: { _id: string }[];
              summary: { averageRating: number; totalReviews: number };
            })
          : undefined,
    };
  };

  it("lists reviews by every status, pending by default and all at once", async () => {
    expect(await listed()).toEqual(["pending:pending"]);
    expect(await listed("published")).toEqual(["other:published", "published:published"]);
    expect(await listed("rejected")).toEqual(["rejected:rejected"]);
    expect(await listed("hidden")).toEqual([]);
    expect(await listed("all")).toEqual([
      "rejected:rejected",
      "pending:pending",
      "other:published",
      "published:published",
    ]);
    const bad = await staff.call("GET", "/api/admin/reviews?status=deleted");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation");
  });

  it("hides a published review from its product page, its rating and cached answers, and restores it", async () => {
    const before = await productPage();
    expect(before.body?.reviews.map((r) => r._id)).toEqual([review.other, review.published]);
    expect(before.body?.summary).toMatchObject({ averageRating: 3, totalReviews: 2 });

    const hidden = await staff.call("POST", `/api/admin/reviews/${review.published}/hide`);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.review).toMatchObject({ id: review.published, status: "hidden" });
    // The answer a browser kept is stale: asking with its ETag gets the new one, without the review.
    const after = await productPage(before.etag);
    expect(after.status).toBe(200);
    expect(after.body?.reviews.map((r) => r._id)).toEqual([review.other]);
    expect(after.body?.summary).toMatchObject({ averageRating: 5, totalReviews: 1 });
    expect(await listed("hidden")).toEqual(["published:hidden"]);

    // Only a published review can be hidden, only a hidden one restored: nothing changes otherwise.
    for (const [id, move] of [
      [review.pending, "hide"],
      [review.published, "hide"],
      [review.other, "restore"],
    ] as const) {
      const refused = await staff.call("POST", `/api/admin/reviews/${id}/${move}`);
      expect(refused.status, `${move} ${id}`).toBe(409);
      expect(refused.body.code).toBe("invalid_transition");
    }
    expect(await listed("pending")).toEqual(["pending:pending"]);
    const missing = await staff.call("POST", `/api/admin/reviews/${newId()}/hide`);
    expect(missing.status).toBe(404);

    const restored = await owner.call("POST", `/api/admin/reviews/${review.published}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.review).toMatchObject({ status: "published" });
    const back = await productPage(after.etag);
    expect(back.status).toBe(200);
    expect(back.body?.reviews.map((r) => r._id)).toEqual([review.other, review.published]);

    const audit = await owner.call("GET", `/api/admin/audit?entity=review&entityId=${review.published}`);
    expect((audit.body.entries as Entry[]).map((e) => `${e.action} by ${e.actor.name}`)).toEqual([
      `review.restore by ${ownerUser.name}`,
      `review.hide by ${staffUser.name}`,
    ]);
  });

  it("a shopper's hidden review reads to her as not shown, never as a status she does not know", async () => {
    // The shopper contract's statuses are pending, published and rejected (decision 0026).
    const db = store.database.db;
    const { findReviewByUser } = await import("./db/repositories/reviews.ts");
    const shopper = await createRoleUser(db, "customer");
    const id = newId();
    await db
      .insertInto("reviews")
      .values({
        id,
        product_id: product.productId,
        user_id: shopper.id,
        user_name: "Salma",
        rating: 3,
        comment: "Fine",
        is_verified_purchase: true,
        status: "hidden",
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await findReviewByUser(db, shopper.id, product.productId))?.status).toBe("rejected");
  });

  it("filters the audit log by person, kind and inclusive Dubai days, paged", async () => {
    const db = store.database.db;
    // Rows at known instants: the first and last of the Dubai day 2026-11-10 and one either side.
    const row = (id: string, at: string, actor: { id: string; name: string }, entity: string) => ({
      id,
      at,
      actor_id: actor.id,
      actor_name: actor.name,
      action: `${entity}.update`,
      entity,
      entity_id: "x",
      label: id,
      changes: "[]",
    });
    await db
      .insertInto("audit_log")
      .values([
        row("a-before", "2026-11-09T19:59:59.999Z", ownerUser, "product"),
        row("a-first", "2026-11-09T20:00:00.000Z", ownerUser, "product"),
        row("a-staff", "2026-11-10T08:00:00.000Z", staffUser, "product"),
        row("a-order", "2026-11-10T09:00:00.000Z", ownerUser, "order"),
        row("a-last", "2026-11-10T19:59:59.999Z", ownerUser, "product"),
        row("a-after", "2026-11-10T20:00:00.000Z", ownerUser, "product"),
      ])
      .execute();
    const ids = async (query: string) => {
      const res = await owner.call("GET", `/api/admin/audit?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return {
        ids: (res.body.entries as Entry[]).map((e) => e.id),
        total: res.body.total,
        people: res.body.people,
      };
    };
    expect((await ids("from=2026-11-10&to=2026-11-10")).ids).toEqual([
      "a-last",
      "a-order",
      "a-staff",
      "a-first",
    ]);
    expect((await ids(`from=2026-11-10&to=2026-11-10&actor=${ownerUser.id}&entity=product`)).ids).toEqual([
      "a-last",
      "a-first",
    ]);
    expect((await ids(`actor=${staffUser.id}&to=2026-11-10`)).ids).toEqual(["a-staff"]);
    const paged = await ids("from=2026-11-09&to=2026-11-11&limit=2&page=2");
    expect(paged).toMatchObject({ ids: ["a-order", "a-staff"], total: 6 });
    // The person filter's choices: everyone who changed something.
    expect(paged.people).toEqual(
      expect.arrayContaining([
        { id: ownerUser.id, name: ownerUser.name },
        { id: staffUser.id, name: staffUser.name },
      ]),
    );
    for (const query of ["from=2026-11-11&to=2026-11-10", "from=2026-13-01", "entity=everything"]) {
      const res = await owner.call("GET", `/api/admin/audit?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("validation");
    }
    // The audit log stays the owner's.
    expect((await staff.call("GET", "/api/admin/audit?from=2026-11-10")).status).toBe(403);
  });
});
