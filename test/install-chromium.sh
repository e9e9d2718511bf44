#!/usr/bin/env bash
# Installs Debian's Chromium headless shell for the browser tests (test/e2e/web.test.ts), when it
# is missing. Needs root (or sudo); without it those tests are reported as skipped, with the reason.
set -euo pipefail
if [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "installing chromium-headless-shell (Debian package) for the browser tests…"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium-headless-shell >/dev/null
/usr/bin/chromium-headless-shell --version
