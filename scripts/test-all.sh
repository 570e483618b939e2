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

# The static checks in two lanes too (tsc and eslint each keep one core busy), printed in order after.
statics=.tmp/test-statics
rm -rf "$statics" && mkdir -p "$statics"
static() { # name command...: its output in $statics/NAME.log, its exit code in $statics/NAME.rc
  local name=$1; shift
  "$@" >"$statics/$name.log" 2>&1; echo $? >"$statics/$name.rc"
}
{ static typecheck npm run --silent typecheck; static cycles npm run --silent cycles; } &
{ static lint npx eslint --max-warnings=0 .; static format npx prettier --check --log-level=warn .; } &
wait
for name in typecheck lint cycles format; do
  echo "::: $name"
  cat "$statics/$name.log"
  if [ "$(cat "$statics/$name.rc")" != 0 ]; then echo "::: $name FAILED"; status=1; fi
done
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
    for f in pagetrace trace-custom trace-load tracer-journal trace-cli plan-at-size; do exclude="$exclude --exclude test/integration/$f.test.ts"; done
  fi
  # shellcheck disable=SC2086 # $files and $exclude are lists of words without spaces
  env BPLAB_FLAVOR="$flavor" npx vitest run --project integration $files $exclude \
    --reporter=default --reporter=json --outputFile="$results/integration-$flavor.json"
}
# The browser e2e (its own bplab server and sandboxes, one worker); test-all.sh built bplab above.
e2e() { env BPLAB_E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx playwright test --reporter=list,json; }
# Its last measured length, for the lanes (323 s in the clean-clone run of 2026-12-04, with post 001's preset cut to 3
# queries run to its Compare; each job's seconds are printed beside its name below).
e2e_seconds=323
# The flavors and the e2e run in two lanes at once (each sandbox has its own folder and a free port,
# the e2e its own bplab server), each job's output kept and printed in order once both lanes end. The
# lanes are balanced on each job's last measured length (flavors.tsv's seconds): longest first, each
# into the lane with less work so far. BPLAB_TEST_LANES=1 runs them in turn.
job() { # name: runs the job, its output in $lanes/NAME.log, its exit code in $lanes/NAME.rc, its seconds in NAME.secs
  local start=$SECONDS
  if [ "$1" = e2e ]; then e2e; else integration "$1"; fi >"$lanes/$1.log" 2>&1
  echo $? >"$lanes/$1.rc"
  echo $((SECONDS - start)) >"$lanes/$1.secs"
}
lanes=.tmp/test-lanes
rm -rf "$lanes" && mkdir -p "$lanes"
if [ "${BPLAB_TEST_LANES:-2}" = 2 ]; then
  lane() { for name in "$@"; do job "$name"; done; }
  first=() second=() load1=0 load2=0
  while read -r secs name; do
    if ((load1 <= load2)); then first+=("$name") load1=$((load1 + secs)); else second+=("$name") load2=$((load2 + secs)); fi
  done < <({
    for flavor in $BPLAB_FLAVORS; do echo "$(flavor_field "$flavor" seconds) $flavor"; done
    echo "$e2e_seconds e2e"
  } | sort -rn -s -k1,1)
  echo "::: lanes: ${first[*]} (${load1} s measured) | ${second[*]:-} (${load2} s)"
  lane "${first[@]}" &
  [ ${#second[@]} -gt 0 ] && lane "${second[@]}" &
  wait
else
  for name in $BPLAB_FLAVORS e2e; do job "$name"; done
fi
for name in $BPLAB_FLAVORS e2e; do
  label="integration[$name]"; [ "$name" = e2e ] && label=e2e
  echo "::: $label ($(cat "$lanes/$name.secs" 2>/dev/null) s)"
  cat "$lanes/$name.log"
  if [ "$(cat "$lanes/$name.rc" 2>/dev/null)" != 0 ]; then echo "::: $label FAILED"; status=1; fi
done

node scripts/summarize-tests.mjs "$results" || status=1
exit $status
