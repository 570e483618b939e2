// src/main's and src/shared's rooms are layered: a room imports only rooms below it, so no arrow runs
// back up and the rooms form no circle. ROOMS (src/main) and SHARED_ROOMS (src/shared) list them from
// the bottom; docs/architecture.md says what each owns. A new room is added here at its level.
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

// src/shared's files at its top are rooms of their own level: what every room uses (formatting, errors,
// sizes: 'base'), the models, and the contract, which speaks every room's shapes.
export const SHARED_ROOMS = [
  'base', // format, byte-size, result, zod and issue-words, text-wrap, file-text (files at the top)
  'datasets', // the SSB datasets and dbgen's reference figures
  'server', // a server's settings bplab sets (sandbox options, the LRU settings) and its version number
  'models', // models.ts: connections, servers, sandboxes, capabilities
  'runs', // a run, its schema, its page-trace summary, what watching it cost, its LRU map and colours
  'trace', // a traced run as the user meets it, and the runs before it on the same server start
  'load', // the OLTP load: steps, results, live seconds, its mixed form, its place in experiments
  'whatif', // the LRU simulator, its curves, calibration and answers
  'published', // the posts' figures and the user's reference figures
  'experiments', // experiments, their plans and their files
  'app', // the app's commands and its long jobs (tasks)
  'compare', // the comparison, findings, tables and charts: the top floor, it reads the others
  'contract', // contract.ts: every request and event
];

const TOP_FILES = { 'contract.ts': 'contract', 'models.ts': 'models' };

/** A floor of the tree (src/main or src/shared): where its rooms start and how a path names its room. */
function floor(name, rooms, roomAtTop) {
  const marker = `${sep}src${sep}${name}${sep}`;
  return {
    name,
    rooms,
    /** The room a path under this floor is in, or null outside it. */
    roomOf(path) {
      const at = path.lastIndexOf(marker);
      if (at < 0) return null;
      const parts = relative(path.slice(0, at + marker.length), path).split(sep);
      return parts.length === 1 ? roomAtTop(parts[0] ?? '') : (parts[0] ?? '');
    },
  };
}

const MAIN = floor('main', ROOMS, (file) => file.replace(/\.tsx?$/, ''));
const SHARED = floor(
  'shared',
  SHARED_ROOMS,
  (file) => TOP_FILES[file.replace(/\.tsx?$/, '') + '.ts'] ?? 'base',
);

/** The room of a path under src/main or src/shared ("app" for main's app.ts, "base" for shared's common files), or null. */
export function roomOf(floorName, path) {
  return (floorName === 'main' ? MAIN : SHARED).roomOf(path);
}

/** The rule for one floor: an import that runs up a floor's rooms, or names no known room, is refused. */
function roomsRule({ name, rooms, roomOf }) {
  const list = name === 'main' ? 'ROOMS' : 'SHARED_ROOMS';
  return {
    meta: {
      type: 'problem',
      docs: { description: `src/${name}'s rooms import only rooms below them` },
      messages: {
        upward: `src/${name}/{{from}} may not import src/${name}/{{to}} ({{source}}): {{to}} is above {{from}}. Move what both need down, or hand it in as a dependency.`,
        unknown: `src/${name}/{{room}} is not a known room: add it to ${list} in scripts/eslint-main-rooms.mjs at its level.`,
      },
      schema: [],
    },
    create(context) {
      const file = context.filename;
      const from = roomOf(file);
      if (!from) return {};
      const level = rooms.indexOf(from);
      const check = (node, source) => {
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const to = roomOf(resolve(dirname(file), source));
        if (!to || to === from) return;
        if (level < 0) return context.report({ node, messageId: 'unknown', data: { room: from } });
        const toLevel = rooms.indexOf(to);
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
}

export default { rules: { 'main-rooms': roomsRule(MAIN), 'shared-rooms': roomsRule(SHARED) } };
