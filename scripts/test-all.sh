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
step cycles npm run --silent cycles
step format npx prettier --check --log-level=warn .
step unit npx vitest run --project unit --reporter=default --reporter=json --outputFile="$results/unit.json"
# The flavors, their suites and which of them run the what-if calibration and the page trace are read
# from the one list, scripts/flavors.tsv. A "full" flavor runs the whole integration suite; a "subset"
# one (the posts' own old servers, MySQL 5.5 and 5.6) the named subset below: sandbox lifecycle, the
# capability report, runs with capture, and an experiment's cell change and restore (the whole suite on
# them too would take the test command past 35 min). The what-if calibration (16 runs at SF 0.1 against
# the simulator) runs where issue 20 asks (whatif=yes); the page trace (bpftrace on the server binary)
# where the binary keeps its symbols (pagetrace=yes). Elsewhere those files are left out of the run, not
# counted as skips. BPLAB_FLAVORS narrows the list.
# shellcheck source=scripts/flavors.sh
source scripts/flavors.sh
BPLAB_FLAVORS="${BPLAB_FLAVORS:-$(flavor_labels | xargs)}"
export BPLAB_FLAVORS
subset="test/integration/sandboxes.test.ts test/integration/capabilities.test.ts test/integration/runs.test.ts test/integration/experiment-sandbox.test.ts"
integration() { # flavor: its suite, its JSON report in $results
  local flavor=$1 files="" exclude="" f
  [ "$(flavor_field "$flavor" suite)" = subset ] && files=$subset
  [ "$(flavor_field "$flavor" whatif)" = yes ] || exclude="--exclude test/integration/whatif.test.ts"
  if [ "$(flavor_field "$flavor" pagetrace)" != yes ]; then
    for f in pagetrace trace-custom trace-load tracer-journal; do exclude="$exclude --exclude test/integration/$f.test.ts"; done
  fi
  # shellcheck disable=SC2086 # $files and $exclude are lists of words without spaces
  env BPLAB_FLAVOR="$flavor" npx vitest run --project integration $files $exclude \
    --reporter=default --reporter=json --outputFile="$results/integration-$flavor.json"
}
# The flavors run in two lanes at once (each sandbox has its own folder and a free port), each flavor's
# output kept and printed in the list's order once both lanes end. The lanes are balanced on each
# flavor's last measured length (flavors.tsv's seconds): longest first, each into the lane with less
# work so far. BPLAB_TEST_LANES=1 runs them in turn.
if [ "${BPLAB_TEST_LANES:-2}" = 2 ]; then
  lanes=.tmp/test-lanes
  rm -rf "$lanes" && mkdir -p "$lanes"
  lane() { for flavor in "$@"; do integration "$flavor" >"$lanes/$flavor.log" 2>&1; echo $? >"$lanes/$flavor.rc"; done; }
  first=() second=() load1=0 load2=0
  while read -r secs flavor; do
    if ((load1 <= load2)); then first+=("$flavor") load1=$((load1 + secs)); else second+=("$flavor") load2=$((load2 + secs)); fi
  done < <(for flavor in $BPLAB_FLAVORS; do echo "$(flavor_field "$flavor" seconds) $flavor"; done | sort -rn -s -k1,1)
  echo "::: lanes: ${first[*]} (${load1} s measured) | ${second[*]:-} (${load2} s)"
  lane "${first[@]}" &
  [ ${#second[@]} -gt 0 ] && lane "${second[@]}" &
  wait
  for flavor in $BPLAB_FLAVORS; do
    echo "::: integration[$flavor]"
    cat "$lanes/$flavor.log"
    if [ "$(cat "$lanes/$flavor.rc" 2>/dev/null)" != 0 ]; then echo "::: integration[$flavor] FAILED"; status=1; fi
  done
else
  for flavor in $BPLAB_FLAVORS; do step "integration[$flavor]" integration "$flavor"; done
fi
step e2e env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx playwright test --reporter=list,json

node scripts/summarize-tests.mjs "$results" || status=1
exit $status
