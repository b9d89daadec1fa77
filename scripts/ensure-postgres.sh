#!/usr/bin/env bash
# Makes sure a PostgreSQL 15+ server binary is on this machine for the API tests on PostgreSQL.
# The tests start and stop their own server in a temp directory; nothing runs as a service.
set -euo pipefail
bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ -x "$bin/postgres" ] && [ -x "$bin/initdb" ]; then
  exit 0
fi
if [ -n "${PG_BIN:-}" ]; then
  echo "PG_BIN=$PG_BIN has no postgres/initdb binaries." >&2
  exit 1
fi
echo "PostgreSQL server binaries not found in $bin: installing Debian's postgresql package."
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq postgresql >/dev/null
# Debian's package starts a cluster service; the tests do not use it.
$sudo_cmd service postgresql stop >/dev/null 2>&1 || true
if [ ! -x "$bin/postgres" ]; then
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  echo "Installed PostgreSQL is in $found; set PG_BIN=$found to use it." >&2
  exit 1
fi
