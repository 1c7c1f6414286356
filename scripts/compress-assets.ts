// Writes .br and .gz beside every text asset of the client build; @fastify/static serves them as they are.
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
    if (content.length < 1024) continue;
    const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    before += content.length;
    after += br.length;
  }
}

walk(ROOT);
console.log(
  `compressed ${files} assets: ${(before / 1024).toFixed(1)} KiB → ${(after / 1024).toFixed(1)} KiB brotli`,
);
