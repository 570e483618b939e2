// src/main's rooms are layered: a room imports only rooms below it, so no arrow runs back up and the
// rooms form no circle. ROOMS lists them from the bottom; docs/architecture.md says what
// each owns. A new room is added here at its level.
import { dirname, relative, resolve, sep } from 'node:path';

export const ROOMS = [
  'files', // atomic writes and ids of what bplab stores
  'tasks', // leases, the task registry, the data-folder lock
  'profiles', // connection profiles and their secrets
  'db', // connections, SQL errors in words, server identity
  'pagetrace', // the server's own page requests, traced with bpftrace (probe tables, program, capability)
  'bufferpool', // LRU walks, pool stats, purge, the old-page probe
  'pagecache', // the OS page cache: eviction and residency
  'server', // server variables, capabilities, grants, the settings journal
  'ssb', // the SSB generator, loader and datasets
  'load', // the OLTP load: sysbench's tables and statements, the threaded engine, sweeps
  'queries', // the query catalogue and the read-only check
  'sandbox', // local servers: create, start, stop, options
  'runs', // one query run with full capture
  'whatif', // a run's page touches derived from its plan and data, for the LRU simulator
  'experiments', // matrices of runs, cold passes, presets
  'reports', // HTML, Markdown and CSV reports
  'api', // the request handlers: the contract's one way in
  'transport', // Electron IPC, the browser-mode socket
  'app', // app.ts: puts the services together
  'cli', // the bplab command line
  'electron', // the desktop shell
];

const MAIN = `${sep}src${sep}main${sep}`;

/** The room a path under src/main is in ("app" for app.ts), or null outside src/main. */
function roomOf(path) {
  const at = path.lastIndexOf(MAIN);
  if (at < 0) return null;
  const first = relative(path.slice(0, at + MAIN.length), path).split(sep)[0] ?? '';
  return first.replace(/\.tsx?$/, '');
}

/** @type {import('eslint').Rule.RuleModule} */
const mainRooms = {
  meta: {
    type: 'problem',
    docs: { description: "src/main's rooms import only rooms below them" },
    messages: {
      upward:
        'src/main/{{from}} may not import src/main/{{to}} ({{source}}): {{to}} is above {{from}}. Move what both need down, or hand it in as a dependency.',
      unknown:
        'src/main/{{room}} is not a known room: add it to ROOMS in scripts/eslint-main-rooms.mjs at its level.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = roomOf(file);
    if (!from) return {};
    const level = ROOMS.indexOf(from);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = roomOf(resolve(dirname(file), source));
      if (!to || to === from) return;
      if (level < 0) return context.report({ node, messageId: 'unknown', data: { room: from } });
      const toLevel = ROOMS.indexOf(to);
      if (toLevel < 0) return context.report({ node, messageId: 'unknown', data: { room: to } });
      if (toLevel > level) context.report({ node, messageId: 'upward', data: { from, to, source } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'main-rooms': mainRooms } };
