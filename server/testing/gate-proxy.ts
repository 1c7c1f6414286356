import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP proxy in front of a test store, for the store's calls to its own payment sandbox (the store's
 * PUBLIC_SITE_URL points here): it passes requests on, cuts them (the provider cannot be reached), or
 * holds them until released (a slow provider). Real HTTP on real sockets; only the network's behaviour
 * is the test's to choose.
 */
export interface GateProxy {
  url: string;
  /** Where requests go (the store's own address, known once it listens). */
  target: string;
  mode: "pass" | "cut" | "hold";
  /** Requests held now. */
  readonly held: number;
  /** Resolves once `n` requests are being held. */
  waitForHeld(n?: number): Promise<void>;
  /** Passes every held request on and goes back to passing. */
  release(): void;
  close(): Promise<void>;
}

export async function createGateProxy(): Promise<GateProxy> {
  const waiting: (() => void)[] = [];
  const watchers: { n: number; resolve: () => void }[] = [];

  function forward(req: IncomingMessage, res: ServerResponse) {
    const upstream = httpRequest(
      new URL(req.url ?? "/", gate.target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  }

  const server = createServer((req, res) => {
    if (gate.mode === "cut") {
      req.socket.destroy();
      return;
    }
    if (gate.mode === "hold") {
      req.pause();
      waiting.push(() => {
        req.resume();
        forward(req, res);
      });
      for (const w of watchers.filter((w) => waiting.length >= w.n)) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve();
      }
      return;
    }
    forward(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const gate: GateProxy = {
    url: `http://127.0.0.1:${port}`,
    target: "",
    mode: "pass",
    get held() {
      return waiting.length;
    },
    waitForHeld(n = 1) {
      if (waiting.length >= n) return Promise.resolve();
      return new Promise((resolve) => watchers.push({ n, resolve }));
    },
    release() {
      gate.mode = "pass";
      for (const go of waiting.splice(0)) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        gate.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return gate;
}
