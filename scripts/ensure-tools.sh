#!/usr/bin/env bash
# Installs the Debian packages the tests use when they are missing: Chromium for the browser tests
# (test tools cannot download browsers here; never `npx playwright install`) and poppler-utils,
# whose pdftotext reads the generated compliance-report PDFs.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} for the tests..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq || true
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
