#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver for the explorer's browser test
# (layout-cli/tests/browser.rs). Idempotent: does nothing when both are there.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium chromium-driver
chromium --version
chromedriver --version
