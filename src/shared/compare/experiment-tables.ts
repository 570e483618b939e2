/** An experiment file's definition and servers, as report tables (one per file in a report of several). */
import { flavorLabel, formatTimestamp } from '../format';
import { TABLE_IDS } from './anchors';
import type { ExperimentSource } from './experiment-sides';
import { bytes, count, none, num, text, txt, type ReportTable } from './report-table';

/** "experiment", or "experiment-2" for the second file of a report made from several. */
const numbered = (id: string, n: number, of: number) => (of > 1 ? `${id}-${n + 1}` : id);

/** An experiment file's definition, in words: what was run, how, and where. */
export function experimentTable(x: ExperimentSource, n = 0, of = 1): ReportTable {
  const d = x.definition;
  const p = d.protocol;
  const rows: Array<[string, string]> = [
    // The file's name only: a report leaves the machine, and the folder it came from is nobody's business.
    ['file', x.file.split(/[\\/]/).pop() ?? x.file],
    ['name', d.name],
    ...(d.description ? [['description', d.description] as [string, string]] : []),
    ['state', `${x.state}, saved ${formatTimestamp(x.savedAt)} by bplab ${x.bplabVersion}`],
    ['dataset schema', d.schema],
    [
      'queries',
      d.queries.map((q) => (q.variant === 'base' ? q.queryId : `${q.queryId} (${q.variant})`)).join(', '),
    ],
    ...d.matrix.map((m): [string, string] => [`matrix: ${m.variable} (${m.kind})`, m.values.join(', ')]),
    [
      'protocol',
      [
        p.cold ? 'a cold run after a restart' : 'no cold run',
        `${p.hotRuns} hot run${p.hotRuns === 1 ? '' : 's'}`,
        `${p.warmups} warm-up${p.warmups === 1 ? '' : 's'} (not counted)`,
        p.randomize ? `random order (seed ${p.seed})` : 'queries in order',
        `on interruption: ${p.onInterruption}`,
      ].join('; '),
    ],
    ['poller', String(d.poll)],
    ['servers', d.servers.map((s) => s.label).join(', ')],
  ];
  return {
    id: numbered(TABLE_IDS.experiment, n, of),
    title: of > 1 ? `Experiment ${n + 1}: ${d.name}` : `Experiment: ${d.name}`,
    columns: [txt(''), txt('')],
    rows: rows.map(([k, v]) => [text(k), text(v)]),
  };
}

/** The servers an experiment ran on, from the capability reports its file keeps. */
export function serversTable(x: ExperimentSource, n = 0, of = 1): ReportTable {
  return {
    id: numbered(TABLE_IDS.servers, n, of),
    title: 'Servers: versions and buffer pool settings when the experiment started',
    note: 'From each server’s capability report; a server without one was not checked before the run.',
    columns: [
      txt('server'),
      txt('version'),
      num('innodb_buffer_pool_size'),
      num('instances'),
      num('page size'),
      num('innodb_old_blocks_time'),
      num('innodb_old_blocks_pct'),
      num('innodb_read_ahead_threshold'),
      txt('old pages read by'),
    ],
    rows: x.servers.map((s) => {
      const c = s.capabilities;
      if (!c) return [text(s.label), text('no capability report'), none, none, none, none, none, none, none];
      const bp = c.bufferPool;
      return [
        text(s.label),
        text(`${flavorLabel(c.server.flavor)} ${c.server.version}`),
        bytes(bp.bufferPoolSizeBytes),
        count(bp.bufferPoolInstances),
        bytes(bp.pageSizeBytes),
        count(bp.oldBlocksTimeMs),
        count(bp.oldBlocksPct),
        count(bp.readAheadThreshold),
        text(c.lruOld?.method === 'is-old' ? 'IS_OLD' : 'LRU_POSITION < OLD_DATABASE_PAGES'),
      ];
    }),
  };
}
