#!/usr/bin/env bash
# kill -9 of a headless experiment, then a fresh bplab: is every global back?
# Creates a MariaDB sandbox with a small SSB dataset, then N times (20 by default): starts
# `bplab run` on an experiment that sets innodb_old_blocks_time to 0 and 37, kills it with -9 once
# it is mid-run (a run under way with the global changed), runs `bplab connect` (which restores what
# a dead process left at its first connection), and checks the global and the journal.
# Needs `npm run build` first. Prints "N/20 restored fully".
set -u
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-20}
BPLAB="node bin/bplab.cjs"
HOME_DIR=$(mktemp -d /tmp/bplab-kill9-XXXXXX)
export BPLAB_HOME=$HOME_DIR
trap '$BPLAB sandbox delete k9 >/dev/null 2>&1; rm -rf "$HOME_DIR"' EXIT
BIN=${BPLAB_KILL9_BINARY:-$($BPLAB sandbox binaries 2>/dev/null | grep -i mariadb | head -1 | awk '{print $NF}')}

$BPLAB sandbox create k9 --binary "$BIN" --buffer-pool 32M >/dev/null || { echo "could not create the sandbox (binary: $BIN)"; exit 1; }
$BPLAB ssb generate --sf 0.01 --schema k9 --sandbox k9 >/dev/null 2>&1 || { echo "could not load the dataset"; exit 1; }
PROFILE=sandbox-k9
SANDBOX_ID=$(node -e "const p=require('$HOME_DIR/profiles.json');const x=(Array.isArray(p)?p:p.profiles).find(q=>q.id==='$PROFILE');process.stdout.write(x.sandboxId)")
PORT=$(node -e "const p=require('$HOME_DIR/profiles.json');const x=(Array.isArray(p)?p:p.profiles).find(q=>q.id==='$PROFILE');process.stdout.write(String(x.port))")
global() { node -e "require('mysql2/promise').createConnection({host:'127.0.0.1',port:$PORT,user:'root'}).then(async c=>{const [r]=await c.query('SELECT @@GLOBAL.innodb_old_blocks_time AS v');process.stdout.write(String(r[0].v));await c.end()})"; }
ORIGINAL=$(global)
cat > "$HOME_DIR/exp.bplab.json" <<JSON
{"format":"bplab-experiment","version":1,"savedAt":"2026-01-01T00:00:00.000Z","bplabVersion":"kill9","state":"draft",
 "definition":{"name":"kill9","description":"","schema":"k9","queries":[{"queryId":"Q1.1","variant":"base"},{"queryId":"Q2.1","variant":"base"},{"queryId":"Q3.1","variant":"base"}],
  "servers":[{"label":"k9","profileId":"$PROFILE","sandboxId":"$SANDBOX_ID"}],
  "matrix":[{"kind":"global","variable":"innodb_old_blocks_time","values":["0","37"]}],
  "protocol":{"cold":false,"hotRuns":2,"warmups":0,"randomize":false,"seed":1,"onInterruption":"continue"},"poll":"auto"},
 "servers":[{"label":"k9","capabilities":null}],"results":[]}
JSON
OK=0
MID=0
for i in $(seq 1 "$ROUNDS"); do
  $BPLAB run "$HOME_DIR/exp.bplab.json" --out "$HOME_DIR/out.bplab.json" >"$HOME_DIR/run.out" 2>"$HOME_DIR/run.err" &
  PID=$!
  # Mid-run: a few runs done with the global changed (kill at a different point each round).
  WANT=$(( (i % 9) + 1 ))
  for _ in $(seq 1 300); do
    DONE=$(grep -o ' [0-9]*/[0-9]* ·' "$HOME_DIR/run.err" 2>/dev/null | tail -1 | tr -dc '0-9/' | cut -d/ -f1)
    [ -n "$DONE" ] && [ "$DONE" -ge "$WANT" ] && break
    kill -0 $PID 2>/dev/null || break
    sleep 0.1
  done
  CHANGED=$(global)
  kill -9 $PID 2>/dev/null; wait $PID 2>/dev/null
  [ "$CHANGED" != "$ORIGINAL" ] && MID=$((MID+1))
  $BPLAB connect --profile $PROFILE >/dev/null 2>"$HOME_DIR/connect.err"
  AFTER=$(global)
  PENDING=$(node -e "try{const j=require('$HOME_DIR/settings-journal.json');process.stdout.write(String(j.length))}catch{process.stdout.write('0')}")
  if [ "$AFTER" = "$ORIGINAL" ] && [ "$PENDING" = "0" ]; then OK=$((OK+1)); R=restored; else R=NOT; fi
  echo "round $i: killed after $DONE runs with innodb_old_blocks_time=$CHANGED; after bplab connect: $AFTER (was $ORIGINAL), journal entries left $PENDING: $R; $(grep -c restored "$HOME_DIR/connect.err") restore line(s) printed"
done
echo "$OK/$ROUNDS restored fully ($MID of them killed while the global was changed)"
