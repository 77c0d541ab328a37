#!/usr/bin/env bash
# Debian packages CI needs beside the JDK: chromium and chromium-driver for the headless browser tests (so no test
# ever downloads a browser or a driver), wrk for the throughput report (modules/bench/throughput.sh). No-op when all
# are present.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && command -v wrk >/dev/null; then
  exit 0
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
$sudo apt-get update
$sudo apt-get install -y --no-install-recommends chromium chromium-driver wrk
