#!/usr/bin/env bash
# Debian's chromium and chromium-driver for the headless browser test (ConsoleBrowserIT): installed from the
# distribution, so no test ever downloads a browser or a driver. No-op when both are present.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
$sudo apt-get update
$sudo apt-get install -y --no-install-recommends chromium chromium-driver
