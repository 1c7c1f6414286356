#!/bin/sh
# What `npm test` needs beside Node: Chromium for the browser journeys and a Java runtime for the Nu HTML
# Checker in the server suite. Finds them, installs what is missing with apt-get when it runs as root on
# Debian or Ubuntu, and otherwise stops at once with one sentence naming the command to run.
#
#   sh scripts/test-setup.sh [--dry-run] [chromium] [java]     (no name: both)
#
# --dry-run prints the install command instead of running it. Plain POSIX sh, so that .ci/run can call it
# before `npm install` brings Node 24. Programs are found only through CHROMIUM_PATH, JAVA_HOME and PATH,
# by the same rules as tests/e2e/harness.ts (Chromium) and server/html-checker.test.ts (Java):
#   Chromium: $CHROMIUM_PATH, else `chromium`, else `chromium-browser` on PATH;
#   Java:     $JAVA_HOME/bin/java, else `java` on PATH.
set -eu

dry_run=false
want_chromium=false
want_java=false
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=true ;;
    chromium) want_chromium=true ;;
    java) want_java=true ;;
    *)
      echo "test-setup: unknown argument '$arg' (use --dry-run, chromium, java)." >&2
      exit 2
      ;;
  esac
done
if [ "$want_chromium" = false ] && [ "$want_java" = false ]; then
  want_chromium=true
  want_java=true
fi

is_program() { [ -n "$1" ] && [ -f "$1" ] && [ -x "$1" ]; }

find_chromium() {
  if is_program "${CHROMIUM_PATH:-}"; then
    echo "$CHROMIUM_PATH"
  else
    command -v chromium || command -v chromium-browser
  fi
}

find_java() {
  if [ -n "${JAVA_HOME:-}" ] && is_program "$JAVA_HOME/bin/java"; then
    echo "$JAVA_HOME/bin/java"
  else
    command -v java
  fi
}

# Ubuntu ships Chromium as `chromium-browser`; Debian and its other derivatives as `chromium`, and beside it
# the old headless shell, which the journeys use when it is there (about a fifth less CPU than the whole
# browser; docs/decisions/0045-journeys-on-playwright.md).
if [ "$( (. /etc/os-release && echo "${ID:-}") 2>/dev/null || true)" = ubuntu ]; then
  chromium_package=chromium-browser
else
  chromium_package="chromium chromium-headless-shell"
fi

missing_chromium=false
missing_java=false
if [ "$want_chromium" = true ] && ! find_chromium >/dev/null; then missing_chromium=true; fi
if [ "$want_java" = true ] && ! find_java >/dev/null; then missing_java=true; fi

if [ "$missing_chromium" = false ] && [ "$missing_java" = false ]; then
  if [ "$dry_run" = true ]; then echo "Nothing to install."; fi
  exit 0
fi

packages=""
if [ "$missing_chromium" = true ]; then packages="$chromium_package"; fi
if [ "$missing_java" = true ]; then packages="${packages:+$packages }default-jre-headless"; fi

# One sentence: what is missing, what it is for, and the exact command that installs it.
explain() {
  sudo=$1
  if [ "$missing_chromium" = true ] && [ "$missing_java" = true ]; then
    what="Chromium and a Java runtime are needed for the browser journeys and the Nu HTML Checker"
    or_set="CHROMIUM_PATH and JAVA_HOME"
  elif [ "$missing_chromium" = true ]; then
    what="Chromium is needed for the browser journeys"
    or_set="CHROMIUM_PATH"
  else
    what="A Java runtime is needed for the Nu HTML Checker in the server suite"
    or_set="JAVA_HOME"
  fi
  echo "$what: run ${sudo}apt-get update && ${sudo}apt-get install -y $packages (or set $or_set)." >&2
}

# apt-get installs only as root on Debian or Ubuntu (apt-get on PATH); anywhere else: the sentence, at once.
uid=$(id -u 2>/dev/null || true)
if [ "$uid" != 0 ] || ! command -v apt-get >/dev/null; then
  if [ "$uid" = 0 ]; then explain ""; else explain "sudo "; fi
  exit 1
fi

install="apt-get update && apt-get install -y $packages"
if [ "$dry_run" = true ]; then
  echo "Would run: $install"
  exit 0
fi

echo "Installing what the tests need: $install"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086 # $packages is a list of words
apt-get update -qq && apt-get install -y -qq $packages >/dev/null

if [ "$missing_chromium" = true ] && ! find_chromium >/dev/null; then
  echo "apt-get installed $chromium_package, but no chromium or chromium-browser is on PATH; set CHROMIUM_PATH." >&2
  exit 1
fi
if [ "$missing_java" = true ] && ! find_java >/dev/null; then
  echo "apt-get installed default-jre-headless, but no java is on PATH; set JAVA_HOME." >&2
  exit 1
fi
