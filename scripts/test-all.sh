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
# Every flavor runs the whole integration suite, except the posts' own old servers (MySQL 5.5 and 5.6),
# which run the named subset below: sandbox lifecycle, the capability report, runs with capture, and an
# experiment's cell change and restore (the whole suite on them would take the test command past 30 min).
export BPLAB_FLAVORS="${BPLAB_FLAVORS:-mariadb-10.11 mariadb-11.4 mysql-8.0 mysql-5.7 mysql-5.6 mysql-5.5}"
subset_flavors="${BPLAB_SUBSET_FLAVORS:-mysql-5.6 mysql-5.5}"
subset="test/integration/sandboxes.test.ts test/integration/capabilities.test.ts test/integration/runs.test.ts test/integration/experiment-sandbox.test.ts"
# The what-if calibration (16 runs at SF 0.1 against the simulator) runs where issue 20 asks: MariaDB 10.11
# and MySQL 8.0; elsewhere it is left out of the run, not counted as a skip.
whatif_flavors="mariadb-10.11 mysql-8.0"
# The page trace (bpftrace on the server binary) runs where the binary keeps its symbols: MySQL 8.0.31
# and MariaDB 11.4.5 (Debian's mariadbd is stripped); elsewhere it is left out, not counted as a skip.
pagetrace_flavors="mysql-8.0 mariadb-11.4"
integration() { # flavor: its suite, its JSON report in $results
  local flavor=$1 files="" exclude=""
  case " $subset_flavors " in *" $flavor "*) files=$subset ;; esac
  case " $whatif_flavors " in *" $flavor "*) ;; *) exclude="--exclude test/integration/whatif.test.ts" ;; esac
  case " $pagetrace_flavors " in *" $flavor "*) ;; *)
    for f in pagetrace trace-custom trace-load tracer-journal trace-cli; do exclude="$exclude --exclude test/integration/$f.test.ts"; done ;;
  esac
  # shellcheck disable=SC2086 # $files and $exclude are lists of words without spaces
  env BPLAB_FLAVOR="$flavor" npx vitest run --project integration $files $exclude \
    --reporter=default --reporter=json --outputFile="$results/integration-$flavor.json"
}
# The flavors run in two lanes at once (the 1st, 3rd, 5th... in one, the others in the other; each
# sandbox has its own folder and a free port), each flavor's output kept and printed in order once both
# lanes end: 21 minutes for the whole command, where one after another took 30. BPLAB_TEST_LANES=1 runs
# them in turn.
if [ "${BPLAB_TEST_LANES:-2}" = 2 ]; then
  lanes=.tmp/test-lanes
  rm -rf "$lanes" && mkdir -p "$lanes"
  lane() { for flavor in "$@"; do integration "$flavor" >"$lanes/$flavor.log" 2>&1; echo $? >"$lanes/$flavor.rc"; done; }
  odd=() even=() i=0
  for flavor in $BPLAB_FLAVORS; do if ((i++ % 2 == 0)); then odd+=("$flavor"); else even+=("$flavor"); fi; done
  lane "${odd[@]}" &
  lane "${even[@]}" &
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
