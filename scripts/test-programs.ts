// Where the tests find Chromium and Java: the same rules as scripts/test-setup.sh (which installs them),
// reading only CHROMIUM_PATH, JAVA_HOME and PATH.
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

type Env = Record<string, string | undefined>;

function isProgram(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string, env: Env): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir && isProgram(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** $CHROMIUM_PATH, else `chromium`, else `chromium-browser` on PATH; undefined when there is none. */
export function chromiumPath(env: Env = process.env): string | undefined {
  if (env.CHROMIUM_PATH && isProgram(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
  return onPath("chromium", env) ?? onPath("chromium-browser", env);
}

/**
 * The browser the journeys drive: $CHROMIUM_PATH, else Debian's old headless shell
 * (`chromium-headless-shell`, what Playwright itself runs for headless journeys: no browser window or tab
 * strip to draw, about a fifth less CPU on the same journeys), else the whole browser as chromiumPath finds
 * it. The phone and Lighthouse scripts keep the whole browser, as a shopper's phone runs it.
 */
export function journeyChromiumPath(env: Env = process.env): string | undefined {
  if (env.CHROMIUM_PATH && isProgram(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
  return onPath("chromium-headless-shell", env) ?? chromiumPath(env);
}

/** $JAVA_HOME/bin/java, else `java` on PATH; undefined when there is none. */
export function javaPath(env: Env = process.env): string | undefined {
  if (env.JAVA_HOME && isProgram(join(env.JAVA_HOME, "bin", "java")))
    return join(env.JAVA_HOME, "bin", "java");
  return onPath("java", env);
}

/**
 * The flags every headless Chromium of ours starts with (journeys, npm run phone, the Lighthouse
 * calibration): no sandbox or GPU in a container, no background traffic, no QUIC.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** What the tests say when one is missing: the command that finds or installs it. */
export const SETUP_HINT = "run sh scripts/test-setup.sh (npm test runs it)";
