#!/usr/bin/env bash
# Sets up and runs every bplab test on a fresh clone: static checks, unit tests, the integration
# suite once per real server flavor (each started by bplab's own sandbox code), and the browser e2e.
# Ends with one line "bplab: N passed, N failed, N skipped"; any failure or skip fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."
export ELECTRON_SKIP_BINARY_DOWNLOAD=1

bash scripts/install-deps.sh || { echo "bplab: could not install what the tests need"; exit 1; }
npm run --silent build || { echo "bplab: the build failed"; exit 1; }

results=.tmp/test-results
rm -rf "$results" && mkdir -p "$results"
status=0
step() { # name command...
  local name=$1; shift
  echo "::: $name"
  if ! "$@"; then echo "::: $name FAILED"; status=1; fi
}

step typecheck npm run --silent typecheck
step lint npx eslint --max-warnings=0 .
step format npx prettier --check --log-level=warn .
step unit npx vitest run --project unit --reporter=default --reporter=json --outputFile="$results/unit.json"
for flavor in ${BPLAB_FLAVORS:-mariadb-10.11 mysql-8.0 mysql-5.7}; do
  step "integration[$flavor]" env BPLAB_FLAVOR="$flavor" npx vitest run --project integration \
    --reporter=default --reporter=json --outputFile="$results/integration-$flavor.json"
done
step e2e env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx playwright test --reporter=list,json

node scripts/summarize-tests.mjs "$results" || status=1
exit $status
