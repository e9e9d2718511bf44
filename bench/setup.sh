#!/usr/bin/env bash
# Installs the load generator the benchmarks use (Debian's wrk), when it is missing.
set -euo pipefail
if ! command -v wrk >/dev/null 2>&1; then
  echo "installing wrk (Debian package)…"
  apt-get update -qq && apt-get install -y -qq wrk
fi
