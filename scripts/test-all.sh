#!/usr/bin/env bash
# npm test: every check, in order of speed, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s ==\n' "$1"; }

# Every timeout of the tests is multiplied by STEWARD_TEST_SLOWDOWN. Unset, a second's measurement of this
# machine picks it, once for every step below (scripts/test-slowdown.ts prints what it measured and chose).
STEWARD_TEST_SLOWDOWN="$(node --import tsx scripts/test-slowdown.ts)"
export STEWARD_TEST_SLOWDOWN

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
