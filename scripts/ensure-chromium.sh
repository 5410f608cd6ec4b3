#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing. Browsers cannot be
# downloaded by test tools here (no `npx playwright install`); Debian's package is the one we use.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "Installing Debian's chromium for the browser tests..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq || true
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
