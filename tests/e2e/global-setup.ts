import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * One folder of rendered pictures for every store the journeys start in a run. Each store seeds the
 * same demo artwork (the same SVG under the same key), and rendering it to AVIF and WebP at each width is
 * the costliest thing a journey's first page asks of a fresh store; a picture rendered once serves every
 * later store. Uploads get keys of their own (`upload-<id>`), so no two stores' pictures share a name.
 * The runner's workers inherit the variable; the returned function removes the folder after the run.
 */
export default function globalSetup() {
  const dir = mkdtempSync(join(tmpdir(), "store-e2e-media-cache-"));
  process.env.E2E_MEDIA_CACHE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
