import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILES_PER_SHOPPER_MAX } from "#core/schemas/measurements.ts";
import { call, freshIp, freshPhone } from "./testing/accounts.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * Measurement profiles, home visits and her stitching requests (issue 29; decision 0040), over HTTP on
 * both engines: what a shopper may save, that nobody else reads or changes it, and that a home visit's
 * measurements reach an account only through a request sent with that account's token.
 */

interface Profile {
  id: string;
  name: string;
  unit: "cm" | "in";
  valuesMm: Record<string, number>;
  source: "shopper" | "home_visit";
  requestReference: string | null;
}

const CM = { bust: 92.5, waist: 74, hips: 100, shoulder: 38, sleeveLength: 58, fullLength: 140 };
const stitching = (name: string) => ({
  name,
  phoneNumber: "050 765 4321",
  addressType: "Home",
  fullAddress: "Villa 7, Street 12, Al Barsha 2",
  city: "Dubai",
  pinCode: "123456",
  serviceType: "Graceful Abayas",
  itemCount: "2",
});

describe.each(TEST_ENGINES)("made-to-measure profiles on $name", (engine) => {
  let store: TestStore;
  let owner: AdminClient;
  let counter = 0;

  beforeAll(async () => {
    store = await createTestStore(engine, {
      env: { SEED_DEMO: "false", AUTH_RATE_LIMIT_PER_IP: "100000", REQUEST_RATE_LIMIT_PER_IP: "1000" },
    });
    const person = await createRoleUser(store.database.db, "owner");
    owner = await adminLogin(store.app, person.email);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function shopper() {
    counter += 1;
    const phone = freshPhone();
    const ip = freshIp();
    await call(store.app, "POST", "/api/user/register", {
      body: { name: `Measured ${counter}`, phone, password: "password-1" },
      ip,
    });
    const login = await call(store.app, "POST", "/api/user/login", {
      body: { identifier: phone, password: "password-1" },
      ip,
    });
    return login.body.token as string;
  }

  const send = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    token?: string,
    body?: unknown,
  ) => {
    const headers: Record<string, string> = {};
    if (token) headers.token = token;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await store.app.inject({
      method,
      url,
      headers,
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const profiles = async (token: string) =>
    ((await send("GET", "/api/measurements", token)).body.profiles ?? []) as Profile[];
  const allProfiles = () => store.database.db.selectFrom("measurement_profiles").selectAll().execute();

  describe("validation", () => {
    it("saves centimetres as whole millimetres and answers the profile", async () => {
      const token = await shopper();
      const res = await send("POST", "/api/measurements", token, { name: "Me", unit: "cm", values: CM });
      expect(res.status).toBe(201);
      const profile = res.body.profile as Profile;
      expect(profile).toMatchObject({ name: "Me", unit: "cm", source: "shopper", requestReference: null });
      expect(profile.valuesMm).toEqual({
        bust: 925,
        waist: 740,
        hips: 1000,
        shoulder: 380,
        sleeveLength: 580,
        fullLength: 1400,
      });
      expect(await profiles(token)).toHaveLength(1);
    });

    it("converts inches, typed as text, to millimetres and keeps the unit she chose", async () => {
      const token = await shopper();
      const values = {
        bust: "36",
        waist: "29",
        hips: "39.5",
        shoulder: "15",
        sleeveLength: "23",
        fullLength: "55",
      };
      const res = await send("POST", "/api/measurements", token, { name: "Mother", unit: "in", values });
      expect(res.status).toBe(201);
      const profile = res.body.profile as Profile;
      expect(profile.unit).toBe("in");
      expect(profile.valuesMm.bust).toBe(914);
      expect(profile.valuesMm.hips).toBe(1003);
      expect(profile.valuesMm.fullLength).toBe(1397);
    });

    it.each([
      ["a bust out of range", { ...CM, bust: 20 }, "values.bust", "Bust must be between 45 and 180 cm"],
      ["a missing waist", { ...CM, waist: "" }, "values.waist", "Enter the waist"],
      ["a word for a number", { ...CM, hips: "wide" }, "values.hips", "Hips must be between 45 and 190 cm"],
      ["an unknown measurement", { ...CM, tail: 3 }, "values.tail", "Unknown measurement: tail"],
    ])(
      "refuses %s with a 400 naming the field, and stores nothing",
      async (_what, values, field, message) => {
        const token = await shopper();
        const res = await send("POST", "/api/measurements", token, { name: "Me", unit: "cm", values });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: "validation", field, message });
        expect(await profiles(token)).toEqual([]);
      },
    );

    it("checks the range in the unit typed: 15 in of bust is refused, 40 in is fine", async () => {
      const token = await shopper();
      const inches = { bust: 15, waist: 30, hips: 40, shoulder: 15, sleeveLength: 23, fullLength: 55 };
      const low = await send("POST", "/api/measurements", token, { name: "A", unit: "in", values: inches });
      expect(low.body).toMatchObject({
        field: "values.bust",
        message: "Bust must be between 17.8 and 70.8 in",
      });
      const fine = await send("POST", "/api/measurements", token, {
        name: "A",
        unit: "in",
        values: { ...inches, bust: 40 },
      });
      expect(fine.status).toBe(201);
    });

    it("refuses a blank name, a key the body does not know, and an unknown unit", async () => {
      const token = await shopper();
      const blank = await send("POST", "/api/measurements", token, { name: "  ", unit: "cm", values: CM });
      expect(blank).toMatchObject({
        status: 400,
        body: { field: "name", message: "Give the profile a name" },
      });
      const extra = await send("POST", "/api/measurements", token, {
        name: "Me",
        unit: "cm",
        values: CM,
        userId: "x",
      });
      expect(extra.status).toBe(400);
      const unit = await send("POST", "/api/measurements", token, { name: "Me", unit: "mm", values: CM });
      expect(unit.status).toBe(400);
      expect(await profiles(token)).toEqual([]);
    });

    it("needs a token", async () => {
      expect((await send("GET", "/api/measurements")).status).toBe(401);
      expect(
        (await send("POST", "/api/measurements", undefined, { name: "Me", unit: "cm", values: CM })).status,
      ).toBe(401);
    });
  });

  describe("ownership and limits", () => {
    it("another shopper gets 404 on read-through calls and the profile is unchanged", async () => {
      const amal = await shopper();
      const other = await shopper();
      const made = (await send("POST", "/api/measurements", amal, { name: "Me", unit: "cm", values: CM }))
        .body.profile as Profile;
      expect(await profiles(other)).toEqual([]);
      const edit = await send("PUT", `/api/measurements/${made.id}`, other, {
        name: "Mine now",
        unit: "cm",
        values: { ...CM, bust: 120 },
      });
      expect(edit).toMatchObject({ status: 404, body: { code: "not_found" } });
      expect(JSON.stringify(edit.body)).not.toContain("925");
      expect((await send("DELETE", `/api/measurements/${made.id}`, other)).status).toBe(404);
      const [kept] = await profiles(amal);
      expect(kept).toMatchObject({ id: made.id, name: "Me", valuesMm: { bust: 925 } });
    });

    it("she edits and removes her own", async () => {
      const token = await shopper();
      const made = (await send("POST", "/api/measurements", token, { name: "Me", unit: "cm", values: CM }))
        .body.profile as Profile;
      const edit = await send("PUT", `/api/measurements/${made.id}`, token, {
        name: "Me, Ramadan",
        unit: "in",
        values: { bust: 37, waist: 30, hips: 40, shoulder: 15, sleeveLength: 23, fullLength: 55 },
      });
      expect(edit.status).toBe(200);
      expect(edit.body.profile).toMatchObject({ name: "Me, Ramadan", unit: "in", valuesMm: { bust: 940 } });
      expect((await send("DELETE", `/api/measurements/${made.id}`, token)).status).toBe(200);
      expect(await profiles(token)).toEqual([]);
      expect((await send("DELETE", `/api/measurements/${made.id}`, token)).status).toBe(404);
    });

    it(`keeps at most ${PROFILES_PER_SHOPPER_MAX} profiles per shopper`, async () => {
      const token = await shopper();
      for (let i = 0; i < PROFILES_PER_SHOPPER_MAX; i += 1) {
        const res = await send("POST", "/api/measurements", token, { name: `P${i}`, unit: "cm", values: CM });
        expect(res.status).toBe(201);
      }
      const over = await send("POST", "/api/measurements", token, {
        name: "One more",
        unit: "cm",
        values: CM,
      });
      expect(over).toMatchObject({ status: 409, body: { code: "profile_limit" } });
      expect(await profiles(token)).toHaveLength(PROFILES_PER_SHOPPER_MAX);
    });
  });

  describe("home visits and her requests", () => {
    async function request(name: string, token?: string) {
      const res = await call(store.app, "POST", "/api/stitching/request", {
        body: stitching(name),
        token,
        ip: freshIp(),
      });
      expect(res.status).toBe(201);
      const row = await store.database.db
        .selectFrom("stitching_requests")
        .select(["id", "user_id"])
        .where("reference", "=", res.body.reference as string)
        .executeTakeFirstOrThrow();
      return { ...row, reference: res.body.reference as string };
    }
    const visit = { unit: "cm", values: CM };

    it("a request sent signed in is hers: the visit's measurements become her profile, once", async () => {
      const token = await shopper();
      const sent = await request("Huda", token);
      expect(sent.user_id).not.toBeNull();
      const url = `/api/admin/inbox/stitching/${sent.id}/measurements`;
      const before = await owner.call("GET", url);
      expect(before.body.visit).toMatchObject({ measurements: null, signedIn: true, profileId: null });
      const recorded = await owner.call("PUT", url, visit);
      expect(recorded.status).toBe(200);
      expect(recorded.body.visit).toMatchObject({
        signedIn: true,
        measurements: { unit: "cm", valuesMm: { bust: 925 } },
      });
      const [profile] = await profiles(token);
      expect(profile).toMatchObject({
        source: "home_visit",
        requestReference: sent.reference,
        valuesMm: { bust: 925, fullLength: 1400 },
      });
      // A second recording corrects the same profile rather than adding one.
      await owner.call("PUT", url, { unit: "cm", values: { ...CM, bust: 94 } });
      const after = await profiles(token);
      expect(after).toHaveLength(1);
      expect(after[0]!.valuesMm.bust).toBe(940);
      // Her requests list it with its measurements.
      const mine = await send("GET", "/api/stitching/requests", token);
      expect(mine.body.requests).toEqual([
        expect.objectContaining({
          reference: sent.reference,
          serviceType: "Graceful Abayas",
          itemCount: 2,
          status: "new",
          measurements: { unit: "cm", valuesMm: expect.objectContaining({ bust: 940 }) },
        }),
      ]);
    });

    it("an anonymous request keeps its measurements on the request: no profile anywhere", async () => {
      const someone = await shopper();
      const sent = await request(`Measured ${counter}`);
      expect(sent.user_id).toBeNull();
      const before = (await allProfiles()).length;
      const url = `/api/admin/inbox/stitching/${sent.id}/measurements`;
      const recorded = await owner.call("PUT", url, visit);
      expect(recorded.body.visit).toMatchObject({
        signedIn: false,
        profileId: null,
        measurements: { unit: "cm" },
      });
      expect((await allProfiles()).length).toBe(before);
      expect(await profiles(someone)).toEqual([]);
      const row = await store.database.db
        .selectFrom("stitching_requests")
        .select("measurements")
        .where("id", "=", sent.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.measurements!)).toMatchObject({ unit: "cm", valuesMm: { bust: 925 } });
    });

    it("the visit's measurements meet the shopper's checks; a bad one changes nothing", async () => {
      const token = await shopper();
      const sent = await request("Noor", token);
      const url = `/api/admin/inbox/stitching/${sent.id}/measurements`;
      const bad = await owner.call("PUT", url, { unit: "cm", values: { ...CM, bust: 400 } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("Bust must be between 45 and 180 cm");
      expect((await owner.call("GET", url)).body.visit).toMatchObject({ measurements: null });
      expect(await profiles(token)).toEqual([]);
      expect((await owner.call("PUT", "/api/admin/inbox/stitching/nope/measurements", visit)).status).toBe(
        404,
      );
    });

    it("lists a shopper's requests to her only", async () => {
      const a = await shopper();
      const b = await shopper();
      const sent = await request("Owner of it", a);
      await request("Anonymous");
      const mineA = (await send("GET", "/api/stitching/requests", a)).body.requests as {
        reference: string;
      }[];
      const mineB = (await send("GET", "/api/stitching/requests", b)).body.requests as {
        reference: string;
      }[];
      expect(mineA.map((r) => r.reference)).toEqual([sent.reference]);
      expect(mineB).toEqual([]);
      expect((await send("GET", "/api/stitching/requests")).status).toBe(401);
    });
  });
});
