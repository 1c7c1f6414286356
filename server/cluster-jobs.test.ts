import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { startStore } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";
import { freshPhone } from "./testing/accounts.ts";
import { freePort } from "./testing/checkout.ts";
import { startTestSmtpServer } from "./testing/smtp.ts";

/**
 * WEB_CONCURRENCY > 1 (server/main.ts): the background jobs (payment reconciliation, mail retries) run in
 * exactly one worker, and a replacement of that worker takes them over. Watched through what the store
 * already tells: each worker's "worker listening" line says whether it runs the jobs, each "mail sent"
 * line names the process that sent it, and a real SMTP server counts what arrives. Mail retries run every
 * 30 seconds, so this test waits about a minute and a quarter.
 */

interface LogLine {
  pid: number;
  msg: string;
  jobs?: boolean;
  [key: string]: unknown;
}

/** The JSON log lines of a process (its workers' and the primary's), as they arrive. */
function collectLog(child: ChildProcess) {
  const lines: LogLine[] = [];
  let raw = "";
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => {
      raw += `${line}\n`;
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line.
      }
    });
  }
  return {
    lines,
    /** Waits until `count` lines match, and returns them. */
    async waitFor(match: (line: LogLine) => boolean, count = 1, timeoutMs = 30_000): Promise<LogLine[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`Waited for ${count} log lines, saw ${found.length}; output:\n${raw.slice(-4000)}`);
        if (child.exitCode !== null) throw new Error(`The store exited (${child.exitCode}):\n${raw}`);
        await sleep(100);
      }
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A POST on a new connection each time, so the cluster hands the requests to its workers in turn. */
function postOnNewConnection(port: number, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

const signup = (n: string) => ({
  name: `Cluster Shopper ${n}`,
  phone: freshPhone(),
  email: `cluster.${n}@example.com`,
  password: "password-1",
});

describe("a store of two worker processes", () => {
  const dir = mkdtempSync(join(tmpdir(), "store-cluster-"));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.on("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("retries mail in exactly one worker, and in its replacement once that worker is killed", {
    timeout: 180_000,
  }, async () => {
    const smtp = await startTestSmtpServer();
    try {
      const env = {
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        DATABASE_URL: `file:${join(dir, "store.db")}`,
        MEDIA_DIR: join(dir, "media"),
        SEED_DEMO: "false",
        SMTP_URL: smtp.url,
        PASSWORD_HASH_COST: "10",
      };

      // Before the cluster starts: three sign-ups whose code mails the mail server refused. They are due
      // again 30 s later, so the jobs worker's first retry round (30 s after it starts) sends them.
      smtp.refuse(true);
      const early = ["a", "b", "c"].map(signup);
      const single = await startStore(loadConfig(env), { ssr: false, logger: false, backgroundJobs: false });
      try {
        for (const account of early) {
          const res = await single.app.inject({
            method: "POST",
            url: "/api/user/register",
            payload: account,
          });
          expect(res.statusCode).toBe(201);
        }
        await single.services.mail.idle();
      } finally {
        await single.app.close();
      }
      expect(smtp.received).toEqual([]);

      const port = await freePort();
      child = spawn(process.execPath, ["server/main.ts"], {
        env: { ...process.env, ...env, WEB_CONCURRENCY: "2", HOST: "127.0.0.1", PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const log = collectLog(child);
      const listening = await log.waitFor((l) => l.msg === "worker listening", 2, 60_000);
      // Exactly one worker was started with the jobs.
      expect(listening.map((l) => l.jobs).sort()).toEqual([false, true]);
      const jobsPid = listening.find((l) => l.jobs)!.pid;
      const otherPid = listening.find((l) => !l.jobs)!.pid;
      await log.waitFor((l) => /store ready/.test(l.msg));

      // Two more sign-ups through the cluster, a few seconds in, while the mail server still refuses:
      // due again only after the jobs worker's first round.
      await sleep(5000);
      const late = ["d", "e"].map(signup);
      for (const account of late) {
        expect(await postOnNewConnection(port, "/api/user/register", account)).toBe(201);
      }
      const lateFailedAt = Date.now();
      await log.waitFor((l) => l.msg === "mail delivery failed", 2);
      smtp.refuse(false);

      // The first round: the three early mails, each sent once, all by the jobs worker.
      const sentEarly = await log.waitFor((l) => l.msg === "mail sent", 3, 60_000);
      expect(sentEarly.map((l) => l.pid)).toEqual([jobsPid, jobsPid, jobsPid]);
      await sleep(500);
      expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(early.map((a) => a.email).sort());

      // Once the late mails are due, the jobs worker dies before its next round. Its replacement starts
      // its rounds 30 s later; a worker that ran the jobs besides it would send them before that.
      await sleep(Math.max(0, lateFailedAt + 32_000 - Date.now()));
      expect(log.lines.filter((l) => l.msg === "mail sent")).toHaveLength(3);
      process.kill(jobsPid, "SIGKILL");
      await log.waitFor((l) => l.msg === "worker exited; starting another");
      const [replacement] = await log.waitFor(
        (l) => l.msg === "worker listening" && l.pid !== jobsPid && l.pid !== otherPid,
      );
      expect(replacement?.jobs).toBe(true);

      const sent = await log.waitFor((l) => l.msg === "mail sent", 5, 60_000);
      expect(sent.slice(3).map((l) => l.pid)).toEqual([replacement!.pid, replacement!.pid]);
      await sleep(500);
      // Every code mail arrived exactly once, and the worker without the jobs never retried one.
      expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(
        [...early, ...late].map((a) => a.email).sort(),
      );
      expect(sent.some((l) => l.pid === otherPid)).toBe(false);

      // The worker without the jobs is replaced by another without them.
      process.kill(otherPid, "SIGKILL");
      const after = await log.waitFor((l) => l.msg === "worker listening", 4);
      expect(after[3]?.jobs).toBe(false);
      expect(after.filter((l) => l.jobs).map((l) => l.pid)).toEqual([jobsPid, replacement!.pid]);

      const exited = new Promise<number | null>((resolve) => child?.on("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      await smtp.close();
    }
  });
});
