#!/usr/bin/env bash
# Installs what the explorer's browser test (layout-cli/tests/browser.rs)
# drives: Debian's Chromium and ChromeDriver, and a font for the page's
# text. Idempotent: does nothing when all are installed.
set -euo pipefail
PACKAGES=(chromium chromium-driver fonts-dejavu-core)
if dpkg -s "${PACKAGES[@]}" >/dev/null 2>&1 \
    && command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${PACKAGES[@]}"
chromedriver --version
