import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "#core/i18n/index.ts";
import { DEMO_OWNER } from "./services/admin-owner.ts";
import { freshPhone } from "./testing/accounts.ts";
import { type AdminClient, adminLogin, createRoleUser } from "./testing/admin.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { visibleText } from "./testing/html.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/**
 * Settings, staff and the command line (issue 15): the owner's settings override the environment on the
 * storefront's pages and at checkout; refusals change nothing; staff are promoted, re-roled and invited;
 * `npm run admin:create` makes an owner; the demo store has one.
 */

function runAdminCreate(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/admin-create.ts", ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", PASSWORD_HASH_COST: "10", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("exit", (code) => resolve({ code, out }));
  });
}

const DEMO_OWNER_TEST_PASSWORD = "demo-owner-test-pass";

describe.each(TEST_ENGINES)("settings, staff and admin:create on $name", (engine) => {
  let store: TestStore;
  let owner: AdminClient;
  let ownerId: string;

  beforeAll(async () => {
    store = await createTestStore(engine, {
      pages: true,
      env: {
        COD_ENABLED: "true",
        AUTH_RATE_LIMIT_PER_IP: "100000",
        DEMO_OWNER_PASSWORD: DEMO_OWNER_TEST_PASSWORD,
      },
    });
    const user = await createRoleUser(store.database.db, "owner");
    ownerId = user.id;
    owner = await adminLogin(store.app, user.email);
  });
  afterAll(async () => {
    await store?.close();
  });

  const home = async () => (await store.app.inject({ method: "GET", url: "/" })).body;

  it("the owner's announcement and phone replace the defaults on / at once", async () => {
    const before = await home();
    expect(before).toContain(t("announcement.text").split(" · ")[0]!);
    const res = await owner.call("PUT", "/api/admin/settings", {
      announcement: "Eid collection now in store · Free delivery over AED 500",
      phone: "+971 4 555 0101",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.overridden).toEqual(expect.arrayContaining(["announcement", "phone"]));
    const after = await home();
    expect(after).toContain("Eid collection now in store");
    expect(after).toContain("Free delivery over AED 500");
    expect(visibleText(after)).not.toContain(t("announcement.text").split(" · ")[0]!);
    expect(after).toContain("+971 4 555 0101");
    const audit = await owner.call("GET", "/api/admin/audit?entity=settings");
    const entry = (
      audit.body.entries as { action: string; actor: { id: string }; changes: { field: string }[] }[]
    )[0];
    expect(entry).toMatchObject({ action: "settings.update", actor: { id: ownerId } });
    expect(entry?.changes.map((c) => c.field).sort()).toEqual(["announcement", "phone"]);
  });

  it("setting a field back to its environment default stops overriding it", async () => {
    const defaults = (await owner.call("GET", "/api/admin/settings")).body.defaults as { phone: string };
    const res = await owner.call("PUT", "/api/admin/settings", { phone: defaults.phone });
    expect(res.body.overridden).not.toContain("phone");
    expect(await home()).toContain(defaults.phone);
  });

  it.each([
    ["a VAT rate over 100", { vatRate: 150 }],
    ["a TRN that is not 15 digits", { trn: "123" }],
    ["a bad e-mail", { email: "shop@" }],
    ["an empty shop name", { shopName: " " }],
    ["nothing at all", {}],
  ])("refuses %s with 400 and changes nothing", async (_name, body) => {
    const before = (await owner.call("GET", "/api/admin/settings")).body.settings;
    const res = await owner.call("PUT", "/api/admin/settings", body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation");
    expect((await owner.call("GET", "/api/admin/settings")).body.settings).toEqual(before);
  });

  it("cash on delivery, VAT and the TRN at checkout follow the settings", async () => {
    const config = async () => (await store.app.inject({ method: "GET", url: "/api/order/config" })).json();
    expect(await config()).toMatchObject({ codEnabled: true, vatRate: 5, trn: null });
    await owner.call("PUT", "/api/admin/settings", { codEnabled: false, vatRate: 7, trn: "100123456700003" });
    expect(await config()).toMatchObject({ codEnabled: false, vatRate: 7, trn: "100123456700003" });
    const place = await store.app.inject({ method: "POST", url: "/api/order/place", payload: {} });
    // Cash on delivery is refused before the token and body are read.
    expect([400, 401]).toContain(place.statusCode);
    await owner.call("PUT", "/api/admin/settings", { codEnabled: true, vatRate: 5, trn: null });
    expect(await config()).toMatchObject({ codEnabled: true, vatRate: 5, trn: null });
  });

  it("promotes, re-roles and removes staff; invites a new person by e-mail", async () => {
    const customer = await createRoleUser(store.database.db, "customer");
    const promoted = await owner.call("POST", "/api/admin/staff", { email: customer.email, role: "staff" });
    expect(promoted.body.member).toMatchObject({ id: customer.id, role: "staff" });
    const staff = await adminLogin(store.app, customer.email);
    expect((await staff.call("GET", "/api/admin/dashboard")).status).toBe(200);
    expect((await staff.call("GET", "/api/admin/staff")).status).toBe(403);

    const list = await owner.call("GET", "/api/admin/staff");
    expect((list.body.staff as { id: string; role: string }[]).map((s) => [s.id, s.role])).toEqual(
      expect.arrayContaining([
        [ownerId, "owner"],
        [customer.id, "staff"],
      ]),
    );
    const noName = await owner.call("POST", "/api/admin/staff", { email: "new.person@example.com" });
    expect(noName.status).toBe(400);
    const invited = await owner.call("POST", "/api/admin/staff", {
      email: "New.Person@example.com",
      name: "New Person",
      phone: freshPhone(),
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.member).toMatchObject({ email: "new.person@example.com", role: "staff" });
    const mail = await store.database.db
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", "new.person@example.com")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("/forgot-password");

    const made = await owner.call("PATCH", `/api/admin/staff/${customer.id}`, { role: "owner" });
    expect(made.body.member).toMatchObject({ role: "owner" });
    // A role change ends the person's sessions.
    expect((await staff.call("GET", "/api/admin/me")).status).toBe(401);
    const removed = await owner.call("DELETE", `/api/admin/staff/${customer.id}`);
    expect(removed.status).toBe(200);
    const roles = await owner.call("GET", "/api/admin/audit?entity=user");
    expect(
      (roles.body.entries as { entityId: string; changes: { after: unknown }[] }[])
        .filter((e) => e.entityId === customer.id)
        .map((e) => e.changes[0]?.after),
    ).toEqual(["customer", "owner", "staff"]);
  });

  it("the demo store has an owner, with the password it was seeded with (DEMO_OWNER_PASSWORD)", async () => {
    const client = await adminLogin(store.app, DEMO_OWNER.email, DEMO_OWNER_TEST_PASSWORD);
    expect((await client.call("GET", "/api/admin/me")).body).toMatchObject({ user: { role: "owner" } });
  });

  // Each call starts a Node process of its own: slow on a busy machine.
  it("npm run admin:create makes an owner from the command line, or promotes an account", {
    timeout: 120_000,
  }, async () => {
    const env = { DATABASE_URL: store.config.DATABASE_URL, ADMIN_PASSWORD: "a-strong-owner-pass" };
    const missingPhone = await runAdminCreate(["--email", "boss@example.com", "--name", "Boss"], env);
    expect(missingPhone.code).toBe(1);
    expect(missingPhone.out).toContain("--phone");

    const created = await runAdminCreate(
      ["--email", "Boss@Example.com", "--name", "Boss", "--phone", freshPhone()],
      env,
    );
    expect(created.code, created.out).toBe(0);
    expect(created.out).toContain("Created boss@example.com");
    const boss = await adminLogin(store.app, "boss@example.com", "a-strong-owner-pass");
    expect((await boss.call("GET", "/api/admin/settings")).status).toBe(200);

    const customer = await createRoleUser(store.database.db, "customer");
    const promoted = await runAdminCreate(["--email", customer.email, "--name", "Promoted Owner"], {
      ...env,
      ADMIN_PASSWORD: "another-owner-pass",
    });
    expect(promoted.code, promoted.out).toBe(0);
    expect(promoted.out).toContain("Promoted");
    const client = await adminLogin(store.app, customer.email, "another-owner-pass");
    expect((await client.call("GET", "/api/admin/me")).body).toMatchObject({ user: { role: "owner" } });

    const noPassword = await runAdminCreate(["--email", "x@example.com", "--name", "X"], {
      DATABASE_URL: store.config.DATABASE_URL,
      ADMIN_PASSWORD: "",
    });
    expect(noPassword.code).toBe(1);
    expect(noPassword.out).toContain("ADMIN_PASSWORD");
    const short = await runAdminCreate(["--email", customer.email, "--name", "X"], {
      ...env,
      ADMIN_PASSWORD: "short",
    });
    expect(short.code).toBe(1);
    expect(short.out).toMatch(/8 to/);
    // The log-in still takes the earlier password: the refused run changed nothing.
    await adminLogin(store.app, customer.email, "another-owner-pass");
  });
});
