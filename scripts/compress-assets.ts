// Writes .br and .gz beside every text asset of the client build; @fastify/static serves them as they are.
// Small files too (a page loads several chunks under 1 KB), but only a copy that is smaller than the file.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "build/client";
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir: string) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      walk(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const content = readFileSync(path);
    const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${path}.br`, br);
    if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
    if (br.length >= content.length) continue;
    files += 1;
    before += content.length;
    after += br.length;
  }
}

walk(ROOT);
console.log(
  `compressed ${files} assets: ${(before / 1024).toFixed(1)} KiB → ${(after / 1024).toFixed(1)} KiB brotli`,
);
