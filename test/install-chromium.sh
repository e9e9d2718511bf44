#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (test/e2e/web.test.ts), when it is missing.
# Needs root (or sudo); without Chromium those tests are reported as skipped, with the reason.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "installing chromium (Debian package) for the browser tests…"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
