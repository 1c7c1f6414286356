// scripts/test-setup.sh as a fresh machine meets it: PATH, CHROMIUM_PATH and JAVA_HOME pointed at a folder
// that is empty or holds stand-in programs. It never runs apt-get here: where it could install, the tests
// use --dry-run, and the stand-in apt-get records any run.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chromiumPath, javaPath, journeyChromiumPath } from "./test-programs.ts";

const SCRIPT = join(import.meta.dirname, "test-setup.sh");
let osRelease = "";
try {
  osRelease = readFileSync("/etc/os-release", "utf8");
} catch {}
/** The script names Ubuntu's package for Chromium on Ubuntu, Debian's (and its headless shell) everywhere else. */
const CHROMIUM_PACKAGE = /^ID="?ubuntu"?$/m.test(osRelease)
  ? "chromium-browser"
  : "chromium chromium-headless-shell";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "test-setup-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function program(path: string, body: string): void {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync("/bin/sh", [SCRIPT, ...args], {
    env: { PATH: dir, CHROMIUM_PATH: dir, JAVA_HOME: dir, ...env },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const BOTH =
  "Chromium and a Java runtime are needed for the browser journeys and the Nu HTML Checker: " +
  `run sudo apt-get update && sudo apt-get install -y ${CHROMIUM_PACKAGE} default-jre-headless ` +
  "(or set CHROMIUM_PATH and JAVA_HOME).\n";

describe("scripts/test-setup.sh on a machine without Chromium or Java", () => {
  it.each([[[]], [["--dry-run"]]])(
    "stops at once with the command to run where it cannot install (args %j)",
    (args) => {
      expect(run(args)).toEqual({ code: 1, stdout: "", stderr: BOTH });
    },
  );

  it("names only what the suite asked for", () => {
    expect(run(["chromium"])).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "Chromium is needed for the browser journeys: run sudo apt-get update && " +
        `sudo apt-get install -y ${CHROMIUM_PACKAGE} (or set CHROMIUM_PATH).\n`,
    });
    expect(run(["java"])).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "A Java runtime is needed for the Nu HTML Checker in the server suite: run sudo apt-get update && " +
        "sudo apt-get install -y default-jre-headless (or set JAVA_HOME).\n",
    });
  });

  it("as root without apt-get, names the command without sudo", () => {
    program(join(dir, "id"), "echo 0");
    expect(run([]).stderr).toBe(
      "Chromium and a Java runtime are needed for the browser journeys and the Nu HTML Checker: " +
        `run apt-get update && apt-get install -y ${CHROMIUM_PACKAGE} default-jre-headless ` +
        "(or set CHROMIUM_PATH and JAVA_HOME).\n",
    );
  });

  it("as root with apt-get, --dry-run prints the install command and runs nothing", () => {
    program(join(dir, "id"), "echo 0");
    program(join(dir, "apt-get"), `touch '${join(dir, "apt-get-ran")}'`);
    expect(run(["--dry-run"])).toEqual({
      code: 0,
      stdout: `Would run: apt-get update && apt-get install -y ${CHROMIUM_PACKAGE} default-jre-headless\n`,
      stderr: "",
    });
    program(join(dir, "java"), "exit 0");
    expect(run(["--dry-run"]).stdout).toBe(
      `Would run: apt-get update && apt-get install -y ${CHROMIUM_PACKAGE}\n`,
    );
    expect(existsSync(join(dir, "apt-get-ran"))).toBe(false);
  });

  it("refuses an unknown argument", () => {
    expect(run(["--yes"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "test-setup: unknown argument '--yes' (use --dry-run, chromium, java).\n",
    });
  });
});

describe("scripts/test-setup.sh where both are there", () => {
  it("finds chromium-browser and java on PATH and has nothing to install, as the tests find them", () => {
    program(join(dir, "chromium-browser"), "exit 0");
    program(join(dir, "java"), "exit 0");
    program(join(dir, "apt-get"), `touch '${join(dir, "apt-get-ran")}'`);
    expect(run([])).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(run(["--dry-run"])).toEqual({ code: 0, stdout: "Nothing to install.\n", stderr: "" });
    expect(existsSync(join(dir, "apt-get-ran"))).toBe(false);
    const env = { PATH: dir, CHROMIUM_PATH: dir, JAVA_HOME: dir };
    expect(chromiumPath(env)).toBe(join(dir, "chromium-browser"));
    expect(javaPath(env)).toBe(join(dir, "java"));
    // Without the headless shell the journeys drive the browser; with it, the shell.
    expect(journeyChromiumPath(env)).toBe(join(dir, "chromium-browser"));
    program(join(dir, "chromium-headless-shell"), "exit 0");
    expect(journeyChromiumPath(env)).toBe(join(dir, "chromium-headless-shell"));
    expect(chromiumPath(env)).toBe(join(dir, "chromium-browser"));
  });

  it("takes CHROMIUM_PATH and JAVA_HOME before PATH, as the tests do", () => {
    const empty = join(dir, "empty");
    mkdirSync(empty);
    mkdirSync(join(dir, "jdk", "bin"), { recursive: true });
    program(join(dir, "my-chromium"), "exit 0");
    program(join(dir, "jdk", "bin", "java"), "exit 0");
    const env = { PATH: empty, CHROMIUM_PATH: join(dir, "my-chromium"), JAVA_HOME: join(dir, "jdk") };
    expect(run([], env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(chromiumPath(env)).toBe(join(dir, "my-chromium"));
    program(join(empty, "chromium-headless-shell"), "exit 0");
    expect(journeyChromiumPath(env)).toBe(join(dir, "my-chromium"));
    expect(javaPath(env)).toBe(join(dir, "jdk", "bin", "java"));
    rmSync(join(empty, "chromium-headless-shell"));
    expect(chromiumPath({ PATH: empty, CHROMIUM_PATH: empty, JAVA_HOME: empty })).toBeUndefined();
    expect(journeyChromiumPath({ PATH: empty, CHROMIUM_PATH: empty, JAVA_HOME: empty })).toBeUndefined();
    expect(javaPath({ PATH: empty, CHROMIUM_PATH: empty, JAVA_HOME: empty })).toBeUndefined();
  });
});
