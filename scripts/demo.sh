#!/usr/bin/env bash
# The main job on a fresh clone: install what is missing, build, start a sandbox server, connect,
# print its capability report, load an SSB dataset (SF 0.1; reused once complete) and verify it, and
# serve the UI (the URL is printed). Ctrl-C stops it all.
#   bash scripts/demo.sh [--binary /path/to/mysqld] [--buffer-pool 256M] [--sf 0.1 (0: no data)] [--port N]
set -euo pipefail
cd "$(dirname "$0")/.."
export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}"
bash scripts/install-deps.sh node mariadb
npm run --silent build
exec node bin/bplab.cjs demo "$@"
