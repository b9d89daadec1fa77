#!/usr/bin/env bash
# Makes sure Debian's nginx is on this machine for the browser tests that put it in front of two instances
# (e2e/tests/several-instances-outages.spec.ts runs docs/operations.md's nginx example). The test starts and
# stops its own nginx in a temp directory; nothing runs as a service.
set -euo pipefail
if [ -x /usr/sbin/nginx ] || [ -x /usr/bin/nginx ]; then
  exit 0
fi
echo "nginx not found: installing Debian's nginx package."
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq nginx >/dev/null
# Debian's package starts a service on port 80; the tests do not use it.
$sudo_cmd service nginx stop >/dev/null 2>&1 || true
