#!/usr/bin/env bash
# npm test: every check, in order of speed, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s ==\n' "$1"; }

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "unit and API tests (embedded database)"
npm run --silent test:unit
step "API tests (PostgreSQL server)"
npm run --silent test:pg
step "browser tests (Chromium)"
npm run --silent test:e2e
printf '\nAll checks passed.\n'
