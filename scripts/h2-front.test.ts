import { createServer, type Server } from "node:http";
import { connect } from "node:http2";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type H2Front, startH2Front } from "./h2-front.ts";

/** What the front answers for `path` over HTTP/2: status, headers and body bytes as they came. */
async function ask(base: string, path: string, headers: Record<string, string> = {}) {
  const session = connect(base, { rejectUnauthorized: false });
  try {
    return await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const stream = session.request({ ":path": path, ...headers });
        const chunks: Buffer[] = [];
        let answer: Record<string, unknown> = {};
        stream.on("response", (h) => (answer = h));
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () =>
          resolve({ status: Number(answer[":status"]), headers: answer, body: Buffer.concat(chunks) }),
        );
        stream.on("error", reject);
        stream.end();
      },
    );
  } finally {
    session.close();
  }
}

describe("the HTTP/2 front npm run phone measures through", () => {
  let origin: Server;
  let front: H2Front;
  const seen: { host?: string; proto?: string; cookie?: string }[] = [];

  beforeAll(async () => {
    origin = createServer((req, res) => {
      seen.push({
        host: req.headers.host,
        proto: String(req.headers["x-forwarded-proto"]),
        cookie: req.headers.cookie,
      });
      if (req.url === "/missing") {
        res.writeHead(404, { "content-type": "text/plain" });
        return res.end("not here");
      }
      // Bytes the front must pass untouched, with their encoding named, and two cookies.
      res.writeHead(200, {
        "content-type": "application/javascript",
        "content-encoding": "br",
        "set-cookie": ["a=1; Path=/", "b=2; Path=/"],
        connection: "keep-alive",
      });
      res.end(Buffer.from([0x0b, 0x01, 0x80, 0x61, 0x03]));
    });
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
    front = await startH2Front(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await front?.stop();
    origin?.close();
  });

  it("answers over TLS and HTTP/2 with the store's status, headers and bytes, as the store sent them", async () => {
    expect(front.base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await ask(front.base, "/assets/app.js", { cookie: "session=abc" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.headers.connection).toBeUndefined();
    expect([...answer.body]).toEqual([0x0b, 0x01, 0x80, 0x61, 0x03]);
    // The store is told the browser's host and that it came over https.
    expect(seen.at(-1)).toEqual({ host: new URL(front.base).host, proto: "https", cookie: "session=abc" });

    const missing = await ask(front.base, "/missing");
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe("not here");
  });
});
