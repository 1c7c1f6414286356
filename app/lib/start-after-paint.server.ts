import { Transform } from "node:stream";
import { withTapReplay } from "./tap-replay.server";

/**
 * The page is painted before its JavaScript is fetched (docs/decisions/0011-speed.md, "first paint").
 * React Router's <Scripts/> puts a modulepreload link per module in the head and one inline module
 * script whose static imports start the app; on a phone all of it (about 30 files) shares the network
 * with the first screen's picture and holds back the first paint. This rewrites the two, in the shell's
 * HTML: the links leave the head, and the inline script (same element, same nonce) first waits for the
 * first contentful paint and for the first screen's priority picture, then adds the same modulepreload
 * links at once (every module is fetched in parallel, as before) and imports the route modules before
 * the client entry, as React Router's own script does.
 */

const PRELOAD = /<link rel="modulepreload"[^>]*?\bhref="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^\s*import (?:\* as (\w+) from )?("[^"]+");?\s*$/gm;

/** Waits for the first paint (and the priority picture's), then preloads `appModules` together. */
const WAIT_FOR_FIRST_PAINT = `await new Promise((start) => {
  if (document.visibilityState === "hidden") return start();
  let started = false;
  // Two frames after the paint, or a second later if no frame comes (a browser that stops drawing the tab).
  const go = () => { if (!started) { started = true; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start))); setTimeout(start, 1000); } };
  setTimeout(go, 5000);
  const afterPicture = () => {
    const picture = document.querySelector('img[fetchpriority="high"]');
    if (!picture || picture.complete) return go();
    picture.addEventListener("load", go);
    picture.addEventListener("error", go);
  };
  // A browser without paint timing waits for the picture and the frames after it.
  const painted = performance.getEntriesByName("first-contentful-paint").length > 0;
  if (painted || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return afterPicture();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); afterPicture(); }
  }).observe({ type: "paint" });
});
document.head.append(...appModules.map((href) => Object.assign(document.createElement("link"), { rel: "modulepreload", href })));`;

/**
 * Rewrites the shell's HTML as described above; HTML without React Router's module script is returned
 * unchanged. `appModules` in the result lists every module the page loads at start (scripts/js-weight.ts
 * reads it).
 */
export function startAfterPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const modules = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const bindings: string[] = [];
  const imports: string[] = [];
  const body = script[2]!.replace(STATIC_IMPORT, (_line, name: string | undefined, url: string) => {
    bindings.push(name ?? "");
    imports.push(`import(${url})`);
    return "";
  });
  const code = [
    `const appModules = ${JSON.stringify(modules)};`,
    WAIT_FOR_FIRST_PAINT,
    `const [${bindings.join(", ")}] = await Promise.all([${imports.join(", ")}]);`,
    body.trim(),
  ].join("\n");
  const start = script.index;
  const end = start + script[0].length;
  // The same nonce for the script that keeps taps made before hydration (app/lib/tap-replay.server.ts).
  const nonce = /\bnonce="([^"]+)"/.exec(script[1]!)?.[1];
  const head = withTapReplay(html.slice(0, start).replace(PRELOAD, ""), nonce);
  return `${head}${script[1]}${code}${script[3]}${html.slice(end)}`;
}

/**
 * The same rewrite on React's HTML stream: the shell (head to React Router's module script, written at
 * once when the shell is ready) is held until that script is complete, the rest passes through.
 */
export function startAfterPaintStream(): Transform {
  const markers = [Buffer.from('type="module"'), Buffer.from("</script>")];
  const held: Buffer[] = [];
  let heldBytes = 0;
  let found = 0;
  // The last bytes already searched: a marker may straddle two chunks.
  let carry: Buffer = Buffer.alloc(0);
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      const window = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      let from = 0;
      while (found < markers.length) {
        const at = window.indexOf(markers[found]!, from);
        if (at < 0) {
          carry = window.subarray(Math.max(from, window.length - 16));
          return callback();
        }
        from = at + markers[found]!.length;
        found++;
      }
      // The shell ends on ASCII ("</script>"), so it decodes whole; the bytes after it pass as they came.
      passing = true;
      const end = heldBytes - window.length + from;
      const shell = Buffer.concat(held);
      held.length = 0;
      const rewritten = Buffer.from(startAfterPaint(shell.subarray(0, end).toString("utf8")));
      callback(null, Buffer.concat([rewritten, shell.subarray(end)]));
    },
    flush(callback) {
      callback(null, held.length ? Buffer.concat(held) : undefined);
    },
  });
}
