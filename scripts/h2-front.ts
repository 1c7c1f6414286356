// A TLS front that speaks HTTP/2 to the browser and HTTP/1.1 to the store, as the CDN or reverse proxy a
// live shop sits behind does (README, "Going live": an https:// address). `npm run phone` with
// PHONE_HTTP2=1 measures through it: over plain HTTP/1.1 a browser opens at most six connections to the
// store, so a page's fifteen scripts wait behind the pictures already asked for, each for a round trip of
// its own; over HTTP/2 they share one connection and go by priority. Its certificate is made for the run
// by openssl (Debian's), for 127.0.0.1, and trusted by nothing: the browser is told to ignore certificate
// errors. For measuring only; the store itself serves HTTP/1.1.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, type IncomingHttpHeaders, request } from "node:http";
import { constants, createSecureServer, type OutgoingHttpHeaders } from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface H2Front {
  /** https://127.0.0.1:<port> */
  base: string;
  stop(): Promise<void>;
}

/** Headers that belong to one HTTP/1.1 connection and may not cross into HTTP/2 (RFC 9113, 8.2.2). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) kept[name] = value;
  }
  return kept;
}

/** Starts the front for `target` (http://host:port) on a free port of 127.0.0.1. */
export async function startH2Front(target: string): Promise<H2Front> {
  const dir = mkdtempSync(join(tmpdir(), "store-h2-front-"));
  const keyFile = join(dir, "key.pem");
  const certFile = join(dir, "cert.pem");
  // biome-ignore format: openssl's arguments, a line each
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", keyFile, "-out", certFile, "-days", "1",
    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
  ], { stdio: "ignore" });
  const origin = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const server = createSecureServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) });
  server.on("stream", (stream, headers) => {
    const forwarded: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(":") && value !== undefined) forwarded[name] = value as string | string[];
    }
    forwarded.host = String(headers[constants.HTTP2_HEADER_AUTHORITY] ?? origin.host);
    forwarded["x-forwarded-proto"] = "https";
    const upstream = request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: String(headers[constants.HTTP2_HEADER_METHOD]),
        path: String(headers[constants.HTTP2_HEADER_PATH]),
        headers: forwarded,
      },
      (answer) => {
        if (stream.destroyed) return answer.resume();
        stream.respond({ ":status": answer.statusCode ?? 502, ...withoutHopByHop(answer.headers) });
        answer.pipe(stream);
      },
    );
    upstream.on("error", () => {
      if (!stream.headersSent && !stream.destroyed) stream.respond({ ":status": 502 });
      stream.end();
    });
    stream.on("error", () => upstream.destroy());
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `https://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Sessions the browser keeps open would hold close() forever.
        setTimeout(resolve, 2000).unref();
      });
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
