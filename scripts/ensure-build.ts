// Builds the app when build/ is missing or older than the sources, so `npm start` works on a fresh clone.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const STAMP = "build/server/index.js";
// The server modules the app's own code imports (its form actions read refusals through them).
const SOURCES = [
  "app",
  "core",
  "public",
  "server/refusal-status.ts",
  "server/services/errors.ts",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changed = Math.max(...SOURCES.map(newest));
if (built === 0 || changed > built) {
  console.log(
    built === 0 ? "No build yet: building the app…" : "Sources changed since the last build: rebuilding…",
  );
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
