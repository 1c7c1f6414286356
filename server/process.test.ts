import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore } from "./testing/store.ts";

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`Timed out waiting for ${pattern}; output:\n${seen}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.split("\n").find((line) => pattern.test(line));
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Process exited with ${code} before ${pattern}; output:\n${seen}`));
    });
  });
}

describe("the store process", () => {
  const dir = mkdtempSync(join(tmpdir(), "store-process-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("stops with a clear message when a setting is wrong", async () => {
    const child = spawn(process.execPath, ["server/main.ts"], {
      env: { ...process.env, PORT: "not-a-port", DATABASE_URL: `file:${join(dir, "bad.db")}` },
    });
    let output = "";
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("Invalid configuration");
    expect(output).toContain("PORT");
  });

  it("starts from an empty database, serves, and shuts down gracefully on SIGTERM", async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const child = spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${join(dir, "store.db")}`,
        MEDIA_DIR: join(dir, "media"),
      },
    });
    const warning = waitForLine(child, /MAIL IS NOT CONFIGURED/);
    await waitForLine(child, /store ready/);
    expect(JSON.parse(await warning)).toMatchObject({ level: 40, msg: expect.stringContaining("SMTP_URL") });

    // Without SMTP, a sign-up's code is printed to the log (issue 8), and the outbox page stays off.
    const mailed = waitForLine(child, /mail not sent/);
    const signup = await fetch(`http://127.0.0.1:${port}/api/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Log Reader",
        phone: "0509876543",
        email: "reader@example.com",
        password: "password-1",
      }),
    });
    expect(signup.status).toBe(201);
    const line = JSON.parse(await mailed) as { to: string; subject: string; text: string };
    expect(line.to).toBe("reader@example.com");
    const code = /^(\d{6}) is your/.exec(line.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(line.text).toContain(code);
    expect((await fetch(`http://127.0.0.1:${port}/dev/outbox`)).status).toBe(404);

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const page = await fetch(`http://127.0.0.1:${port}/about`);
    expect(await page.text()).toContain("Reviving tradition");

    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const shuttingDown = waitForLine(child, /shutting down/);
    child.kill("SIGTERM");
    await shuttingDown;
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    // A real start migrates and seeds an empty database first: on a busy machine that takes a while.
  }, 120_000);
});

describe.each(TEST_ENGINES)("health on $name", (engine) => {
  it("answers 503 when the database is gone", async () => {
    const store = await createTestStore(engine, { env: { SEED_DEMO: "false" } });
    try {
      await store.database.close();
      const res = await store.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "unavailable" });
    } finally {
      await store.close().catch(() => {});
    }
  });
});
