import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/connection.ts";
import { DEMO_OWNER } from "./services/admin-owner.ts";
import { addTestProduct, api, freePort, newShopper, orderPayload } from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";

/**
 * Issue 21 with `npm start`'s own process (server/main.ts, production build, two workers): a newcomer on a
 * random port with no PUBLIC_SITE_URL pays by card through the built-in sandbox (the payment client
 * reaches it at the server's own address), the demo owner's generated password is printed once and signs
 * in from this machine only, and a public PUBLIC_SITE_URL is said once at start.
 */

interface Started {
  child: ChildProcess;
  base: string;
  port: number;
  output: () => string;
}

const running: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of running.splice(0)) await stop();
});

async function startMain(databaseUrl: string, env: Record<string, string>): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), "store-going-live-"));
  const port = await freePort();
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "info",
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: join(dir, "media"),
    WEB_CONCURRENCY: "2",
    PASSWORD_HASH_COST: "10",
    AUTH_RATE_LIMIT_PER_IP: "100000",
    ...env,
  };
  // A newcomer sets neither.
  for (const key of ["PUBLIC_SITE_URL", "PAYMENNT_API_KEY", "PAYMENNT_API_SECRET", "DEMO_OWNER_PASSWORD"])
    if (!(key in env)) delete childEnv[key];
  const child = spawn(process.execPath, ["server/main.ts"], { env: childEnv });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  running.push(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 90_000;
  while (!/"workers":2[^\n]*store ready/.test(output)) {
    if (child.exitCode !== null) throw new Error(`store exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`store did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base: `http://127.0.0.1:${port}`, port, output: () => output };
}

const linesOf = (output: string, pattern: RegExp) => output.split("\n").filter((line) => pattern.test(line));

/** A request whose Host names the public site (a proxy on this machine forwarding it): not local. */
function viaPublicHost(
  port: number,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          host: "shop.example",
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
        },
      },
      (res) => {
        let data = "";
        res.on("data", (chunk) => (data += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) }));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

describe.each(TEST_ENGINES)("npm start's process, going live, on $name", (engine) => {
  it("on a random port with no PUBLIC_SITE_URL: card payment through the sandbox, the demo owner's password printed once", {
    timeout: 180_000,
  }, async () => {
    const fresh = await engine.create();
    const handle = openDatabase(fresh.url, { poolSize: 2 });
    try {
      const store = await startMain(fresh.url, {});
      // One line, with a generated password; not the one README used to publish.
      const owner = linesOf(store.output(), /DEMO OWNER/);
      expect(owner).toHaveLength(1);
      const password = /password (\S+) \(generated now/.exec(owner[0]!)?.[1];
      expect(password).toMatch(/^[\w-]{20}$/);
      expect(store.output()).not.toContain("noor-owner-demo");
      expect(store.output()).not.toContain("is not this machine");

      const db = handle.db;
      const p = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }] });
      const shopper = await newShopper(store.base, db);
      const started = await api(store.base, "POST", "/api/order/paymennt", {
        token: shopper.token,
        body: orderPayload([{ product: p, quantity: 1 }]),
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      // The browser goes to the public address, which follows the port.
      const checkoutUrl = started.body.checkoutUrl as string;
      expect(checkoutUrl.startsWith(`http://localhost:${store.port}/sandbox/paymennt/pay/`)).toBe(true);
      const paid = await fetch(checkoutUrl.replace("localhost", "127.0.0.1"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ card: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", name: "A" }),
        redirect: "manual",
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toContain(
        `http://localhost:${store.port}/payment-redirect?checkout=`,
      );
      const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
        token: shopper.token,
        body: { paymentId: started.body.paymentId },
      });
      expect(verified.body).toMatchObject({ success: true, status: "paid" });

      // The demo owner signs in here with the printed password, and not through a public Host.
      const local = await api(store.base, "POST", "/api/admin/login", {
        body: { email: DEMO_OWNER.email, password },
      });
      expect(local.status).toBe(200);
      const proxied = await viaPublicHost(store.port, "/api/admin/login", {
        email: DEMO_OWNER.email,
        password,
      });
      expect(proxied).toMatchObject({ status: 403, body: { code: "demo_owner_local_only" } });
    } finally {
      await handle.close();
      for (const stop of running.splice(0)) await stop();
      await fresh.drop();
    }
  });

  it("with a public PUBLIC_SITE_URL: one line at start; this machine still starts a card payment (the client reaches the sandbox at the server's own address), the public Host is not offered one", {
    timeout: 180_000,
  }, async () => {
    const fresh = await engine.create();
    const handle = openDatabase(fresh.url, { poolSize: 2 });
    try {
      const store = await startMain(fresh.url, {
        PUBLIC_SITE_URL: "https://shop.example",
        COD_ENABLED: "true",
      });
      const notices = linesOf(store.output(), /is not this machine/);
      expect(notices).toHaveLength(1);
      expect(JSON.parse(notices[0]!)).toMatchObject({ level: 40 });
      const config = await api(store.base, "GET", "/api/order/config");
      expect(config.body).toMatchObject({ cardPayments: true, codEnabled: true });
      const publicConfig = await new Promise<Record<string, unknown>>((resolve, reject) => {
        request(
          {
            host: "127.0.0.1",
            port: store.port,
            path: "/api/order/config",
            headers: { host: "shop.example" },
          },
          (res) => {
            let data = "";
            res.on("data", (chunk) => (data += chunk));
            res.on("end", () => resolve(JSON.parse(data)));
          },
        )
          .on("error", reject)
          .end();
      });
      expect(publicConfig).toMatchObject({ cardPayments: false, codEnabled: true });

      const p = await addTestProduct(handle.db, {
        variants: [{ size: "M/54", retailFils: 45_000, stock: 3 }],
      });
      const shopper = await newShopper(store.base, handle.db);
      const started = await api(store.base, "POST", "/api/order/paymennt", {
        token: shopper.token,
        body: orderPayload([{ product: p, quantity: 1 }]),
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(String(started.body.checkoutUrl)).toMatch(
        /^https:\/\/shop\.example\/sandbox\/paymennt\/pay\/[0-9a-f]+$/,
      );
    } finally {
      await handle.close();
      for (const stop of running.splice(0)) await stop();
      await fresh.drop();
    }
  });
});
