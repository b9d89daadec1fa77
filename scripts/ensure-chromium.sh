#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the Playwright tests (Playwright's own browser download is not used).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  exit 0
fi
echo "Chromium not found at $chromium: installing Debian's chromium package."
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
