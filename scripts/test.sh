#!/usr/bin/env bash
# The README's test command: every check, from a fresh clone, on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."

# What npm cannot install, in one place: each line is what the tests run or read (a command, or a path where * may
# stand for a version) and the Debian package that provides it. Add a line here when a test needs another program.
requirements=$(cat <<'LIST'
chromium-headless-shell           chromium-headless-shell # the browser tests (Playwright drives Debian's Chromium)
pdftotext                         poppler-utils    # the invoices and credit notes read back as text
pdftoppm                          poppler-utils    # the packing slip looked at as an image (tests/e2e/gift-checkout.spec.ts)
qpdf                              qpdf             # the PDFs' structure checked (app/pdf/extraction.server.test.ts)
/usr/lib/postgresql/*/bin/initdb  postgresql       # the throw-away cluster the tests start (scripts/lib/postgres-cluster.ts)
/usr/share/fonts/truetype/noto    fonts-noto-core  # Arabic glyphs in the screenshots
/usr/sbin/nginx                   nginx            # deploy/nginx.conf in front of two servers (tests/integration/nginx-rolling.test.ts)
LIST
)
present() { case "$1" in /*) compgen -G "$1" >/dev/null ;; *) command -v "$1" >/dev/null 2>&1 ;; esac; }
absent() { # prints "what package" for each requirement not met
  while read -r what package _; do
    if [ -n "$what" ] && ! present "$what"; then echo "$what $package"; fi
  done <<<"$requirements"
}
missing=$(absent | awk '{ print $2 }' | sort -u | tr '\n' ' ')
if [ -n "$missing" ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian packages: $missing"
    apt-get update -qq
    # shellcheck disable=SC2086 # one word per package
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  else
    echo "Please install these Debian packages first (as root): apt-get install -y $missing" >&2
    exit 1
  fi
  # A package that installed without giving what the tests need stops here, not halfway through the tests.
  still=$(absent)
  if [ -n "$still" ]; then
    echo "Still missing after installing (what, package): $still" >&2
    exit 1
  fi
fi

mkdir -p tests/.tmp
# Each step's header says when it started, so a slow run shows where its minutes went.
step() { echo "== [$((SECONDS / 60))m$((SECONDS % 60))s] $*"; }
rm -f tests/.tmp/vitest-report.json tests/.tmp/playwright-report.json tests/.tmp/playwright-postgresql-report.json

# Node 24 LTS and better-sqlite3 compiled for it, in a copy under tests/.tmp/node24 (decision 0073): about a minute
# of CPU, niced, so it starts first and takes what the steps below leave; vitest's node24 project, which runs last,
# waits for it (a lock) and then starts the shop on it. Made again only when better-sqlite3's version changes.
step "Node 24 and better-sqlite3 for it (in the background: tests/.tmp/node24.log)"
bash scripts/node24-copy.sh >tests/.tmp/node24.log 2>&1 &

# The type checker works alone on one core for half a minute: it runs beside the lint and the build.
step "typecheck (beside the lint and the build)"
npm run --silent typecheck >tests/.tmp/typecheck.log 2>&1 &
typecheck=$!
step "lint"
npm run --silent lint
step "the PostgreSQL schema is made from the SQLite one"
npx tsx scripts/db-schemas.ts --check
step "build (the integration and browser tests run the production build)"
npx remix build
if ! wait "$typecheck"; then
  cat tests/.tmp/typecheck.log
  echo "typecheck failed" >&2
  exit 1
fi
# The PostgreSQL journeys run beside vitest, whose files mostly wait on servers, processes and fakes and leave about
# half of the two cores idle (decision 0056); on ports and a result folder of their own (E2E_PORT 3250). With
# JavaScript only: the no-js project sends the same requests to the same server code, which the SQLite run below walks
# both ways; what differs on PostgreSQL is below the server (decision 0053). The money's path only: the checkout and an
# order's whole life; the admin's catalogue forms call the model functions the postgresql project runs (decision 0084).
step "browser tests on PostgreSQL, beside vitest (the checkout and the order journey; npm run test:e2e:postgresql runs all)"
E2E_PORT=3250 E2E_ENGINE=postgresql PLAYWRIGHT_JSON_OUTPUT_NAME=tests/.tmp/playwright-postgresql-report.json npx playwright test \
  --reporter=list,json --project=js tests/e2e/checkout.spec.ts tests/e2e/order-journey.spec.ts \
  >tests/.tmp/playwright-postgresql.log 2>&1 &
postgresql_journeys=$!
step "unit and integration tests (vitest)"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=tests/.tmp/vitest-report.json || status=$?
postgresql_status=0
wait "$postgresql_journeys" || postgresql_status=$?
step "browser tests on PostgreSQL (their output)"
cat tests/.tmp/playwright-postgresql.log
if [ "$postgresql_status" != 0 ]; then status=$postgresql_status; fi
step "browser tests (playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME=tests/.tmp/playwright-report.json npx playwright test --reporter=list,json || status=$?

# A failed journey's server side: the shops' errors and 500s (their logs, playwright.config.ts), before the summary
# since CI keeps the end of the output.
if [ "$status" != 0 ]; then node scripts/e2e-server-errors.mjs tests/.tmp/e2e-server-*.log; fi
node scripts/test-summary.mjs tests/.tmp/vitest-report.json tests/.tmp/playwright-report.json tests/.tmp/playwright-postgresql-report.json
step "done"
exit "$status"
