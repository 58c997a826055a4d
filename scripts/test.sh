#!/usr/bin/env bash
# The README's test command: every check, from a fresh clone, on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."

# What npm cannot install: Debian's Chromium for the browser tests, poppler for checking PDFs,
# a font with Arabic glyphs so screenshots show Arabic text, and PostgreSQL's server, which the tests start
# themselves as a throw-away cluster on loopback (scripts/lib/postgres-cluster.ts).
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
[ -d /usr/share/fonts/truetype/noto ] || missing+=(fonts-noto-core)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Please install these Debian packages first (as root): apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

mkdir -p tests/.tmp
rm -f tests/.tmp/vitest-report.json tests/.tmp/playwright-report.json tests/.tmp/playwright-postgresql-report.json

echo "== typecheck"
npm run --silent typecheck
echo "== lint"
npm run --silent lint
echo "== the PostgreSQL schema is made from the SQLite one"
npx tsx scripts/db-schemas.ts --check
echo "== build (the integration and browser tests run the production build)"
npx remix build
echo "== unit and integration tests (vitest)"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=tests/.tmp/vitest-report.json || status=$?
echo "== browser tests (playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME=tests/.tmp/playwright-report.json npx playwright test --reporter=list,json || status=$?
echo "== browser tests on PostgreSQL (the admin's, the checkout and the order journey; npm run test:e2e:postgresql runs all)"
E2E_ENGINE=postgresql PLAYWRIGHT_JSON_OUTPUT_NAME=tests/.tmp/playwright-postgresql-report.json npx playwright test --reporter=list,json \
  tests/e2e/admin.spec.ts tests/e2e/checkout.spec.ts tests/e2e/order-journey.spec.ts || status=$?

node scripts/test-summary.mjs tests/.tmp/vitest-report.json tests/.tmp/playwright-report.json tests/.tmp/playwright-postgresql-report.json
exit "$status"
