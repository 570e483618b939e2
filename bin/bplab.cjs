#!/usr/bin/env node
'use strict';
// The `bplab` command: loads the bundled CLI (built by `npm run build`).
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '..', 'dist', 'main', 'cli.cjs');
if (!existsSync(cli)) {
  process.stderr.write('bplab: not built yet (no dist/main/cli.cjs): run npm run build first\n');
  process.exit(1);
}
require(cli);
