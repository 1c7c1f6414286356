import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAfterPaint, startAfterPaintStream } from "../app/lib/start-after-paint.server.ts";
import { TAP_REPLAY_SCRIPT } from "../app/lib/tap-replay.server.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/** docs/decisions/0011-speed.md, "first paint": the page paints before its JavaScript is fetched. */
describe("the built store's pages start their JavaScript after the first paint", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(TEST_ENGINES[0]!, { pages: true });
  });
  afterAll(async () => {
    await store?.close();
  });

  it.each(["/", "/shop", "/ar/cart"])("%s names every module in its one module script", async (path) => {
    const res = await store.app.inject({ method: "GET", url: path });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // Nothing the parser would fetch at once: no modulepreload link, no static import.
    expect(html).not.toMatch(/<link[^>]+modulepreload/);
    const scripts = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const code = scripts[0]![1]!;
    expect(code).not.toMatch(/^\s*import\s+[*"{]/m);
    const modules = JSON.parse(/const appModules = (\[[^\]]*\]);/.exec(code)![1]!) as string[];
    // The client entry and this page's route module are among them, and every one of them is served.
    const entry = /\nimport\("([^"]+)"\);\s*$/.exec(code)![1]!;
    expect(modules).toContain(entry);
    for (const route of code.matchAll(/import\("([^"]+)"\)/g)) expect(modules).toContain(route[1]);
    for (const module of modules) {
      const asset = await store.app.inject({ method: "GET", url: module });
      expect(asset.statusCode, module).toBe(200);
      expect(String(asset.headers["content-type"])).toMatch(/javascript/);
    }
  });

  it.each(["/", "/cart", "/ar/shop"])(
    "%s listens for taps before hydration from its head, allowed by the page's script policy",
    async (path) => {
      const res = await store.app.inject({ method: "GET", url: path });
      const head = res.body.slice(0, res.body.indexOf("</head>"));
      const found = /<script( nonce="([^"]+)")?>([\s\S]*?)<\/script>$/.exec(head);
      expect(found?.[3]).toBe(TAP_REPLAY_SCRIPT);
      // Decision 0033: a cached page allows it by its hash, any other by the response's nonce.
      const policy = String(res.headers["content-security-policy"]);
      const hash = createHash("sha256").update(TAP_REPLAY_SCRIPT).digest("base64");
      expect(policy.includes(`'nonce-${found?.[2]}'`) || policy.includes(`'sha256-${hash}'`)).toBe(true);
    },
  );

  it("rewrites React's stream cut anywhere the way it rewrites the whole shell", async () => {
    // Shaped like React's HTML: the links in the head, static imports, Arabic text on both sides.
    const original = [
      '<!DOCTYPE html><html lang="ar"><head><link rel="modulepreload" href="/assets/a.js"/>',
      '<link rel="modulepreload" href="/assets/b.js" nonce="n"/></head><body><p>متجر</p>',
      '<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/a.js";\n',
      'import * as route1 from "/assets/b.js";\n  window.__reactRouterRouteModules = {"root":route0,"x":route1};\n\n',
      'import("/assets/a.js");</script><div hidden id="S:0"><p>عباءة</p></div></body></html>',
    ].join("");
    const whole = startAfterPaint(original);
    expect(whole).toContain('const appModules = ["/assets/a.js","/assets/b.js"];');
    expect(whole).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/a.js"), import("/assets/b.js")]);',
    );
    const bytes = Buffer.from(original);
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out: Buffer[] = [];
      for await (const chunk of Readable.from(chunks).pipe(startAfterPaintStream())) out.push(chunk);
      expect(Buffer.concat(out).toString("utf8"), `chunks of ${size}`).toBe(whole);
    }
  });
});
