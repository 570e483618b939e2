/**
 * Datasets, load progress and verify reports as the screen shows them: words and formatted
 * figures, prepared here so the components only draw.
 */
import type { TaskProgress } from '../../../../shared/app/tasks';
import {
  datasetState,
  verifyVerdict,
  type DatasetInfo,
  type DatasetState,
  type DatasetVerifyReport,
  type VerifyProgress,
} from '../../../../shared/datasets/datasets';
import {
  describeAllowed,
  verdictWords,
  SSB_REFERENCE,
  type SelectivityVerdict,
} from '../../../../shared/datasets/ssb-reference';
import { formatClock, formatCount, formatTimestamp } from '../../../../shared/format';
import type { Tone } from '../../../lib/tone';

const STATE: Record<DatasetState, { label: string; tone: Tone }> = {
  complete: { label: 'complete', tone: 'ok' },
  loading: { label: 'loading', tone: 'busy' },
  failed: { label: 'failed (incomplete)', tone: 'bad' },
  cancelled: { label: 'cancelled (incomplete)', tone: 'bad' },
  interrupted: { label: 'interrupted (incomplete)', tone: 'bad' },
};

const count = formatCount;

export interface DatasetRow {
  schema: string;
  stateLabel: string;
  tone: Tone;
  source: string;
  layout: string;
  lineorderRows: string;
  /** When the load ended (complete, failed or cancelled); "—" while it has not. */
  when: string;
  /** The last verify, recorded with the dataset: "PASS (11 of 13 queries judged)", or "not verified". */
  lastVerify: string;
  lastVerifyTone: Tone;
  /** When it started, for the tooltip. */
  started: string;
  error: string | null;
  loadingNow: boolean;
  canVerify: boolean;
  canDrop: boolean;
}

export function datasetRow(d: DatasetInfo & { activeTaskId: string | null }): DatasetRow {
  const loadingNow = d.activeTaskId !== null;
  // The one rule (shared with the CLI and main): 'loading' that no live process loads is interrupted.
  const state = STATE[datasetState(d.state, loadingNow)];
  const rows = d.loadedRows.lineorder;
  return {
    schema: d.schema,
    stateLabel: state.label,
    tone: state.tone,
    source:
      d.source === 'generated'
        ? `generated, SF ${d.sf} seed ${d.seed}`
        : `imported from ${d.sourceDir ?? '?'}`,
    layout: `${d.engine}${d.lineorderPk ? ', lineorder PK' : ''}`,
    lineorderRows: rows === undefined ? '—' : count(rows),
    when: formatTimestamp(d.finishedAt),
    started: formatTimestamp(d.startedAt),
    lastVerify: d.lastVerify
      ? `${verifyVerdict(d.lastVerify).word} (${d.lastVerify.judged} of ${d.lastVerify.selectivity.length} queries judged), ${formatTimestamp(d.lastVerify.checkedAt)}`
      : 'not verified',
    lastVerifyTone: !d.lastVerify ? 'idle' : d.lastVerify.pass ? 'ok' : 'bad',
    error: d.error,
    loadingNow,
    // Only a complete dataset can be verified (verify says why otherwise).
    canVerify: !loadingNow && d.state === 'complete',
    canDrop: !loadingNow,
  };
}

const clock = formatClock;

const PHASES: Record<string, string> = {
  checking: 'Checking',
  schema: 'Creating the schema',
  loading: 'Loading rows',
  indexing: 'Building indexes',
  finishing: 'Finishing',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export interface ProgressView {
  phase: string;
  /** 0..100, or null when unknown. */
  percent: number | null;
  rows: string;
  rate: string;
  eta: string;
  message: string;
  done: boolean;
  failed: boolean;
}

export function progressView(p: TaskProgress): ProgressView {
  const f = p.figures ?? {};
  return {
    phase: PHASES[p.phase] ?? p.phase,
    percent: p.fraction === null ? null : Math.floor(p.fraction * 100),
    rows: f.rows !== undefined ? `${count(f.rows)} rows` : '',
    rate: f.rowsPerSec ? `${count(f.rowsPerSec)} rows/s` : '',
    eta: p.done ? '' : f.etaSec !== undefined ? `about ${clock(f.etaSec)} left` : '',
    message: p.message,
    done: p.done,
    failed: p.done && p.error !== undefined,
  };
}

export interface VerifyTableRow {
  table: string;
  actual: string;
  expected: string;
  pass: boolean;
}

export interface VerifyQueryRow {
  id: string;
  kept: string;
  fraction: string;
  reference: string;
  ratio: string;
  allowed: string;
  verdict: SelectivityVerdict;
  verdictText: string;
  pass: boolean;
}

export interface VerifyView {
  verdict: string;
  /** In words: what differed, how many queries were judged, which were too small. */
  verdictWords: string;
  pass: boolean;
  summary: string;
  tables: VerifyTableRow[];
  queries: VerifyQueryRow[];
}

/** A running verify in words: "counting Q2.1 (7 of 18)", or what it does before its first count. */
export function verifyProgressText(p: VerifyProgress | null): string {
  if (!p) return 'counting rows and the 13 queries’ kept rows…';
  if (p.done >= p.total) return `finishing (${p.total} of ${p.total} counted)`;
  return `counting ${p.step} (${p.done + 1} of ${p.total})…`;
}

export function verifyView(r: DatasetVerifyReport): VerifyView {
  const v = verifyVerdict(r);
  return {
    verdict: v.word,
    verdictWords: v.words,
    pass: r.pass,
    summary: `state ${r.state}; scale ${r.scale.toFixed(4)} of SF 1; checked in ${(r.durationMs / 1000).toFixed(1)} s`,
    tables: r.tables.map((t) => ({
      table: t.table,
      actual: count(t.actualRows),
      expected: t.expectedRows === null ? '?' : count(t.expectedRows),
      pass: t.pass,
    })),
    queries: r.selectivity.map((q) => ({
      id: q.id,
      kept: count(q.keptRows),
      fraction: q.fraction.toFixed(7),
      reference: q.referenceFraction.toFixed(7),
      ratio: q.ratio.toFixed(3),
      allowed: describeAllowed(q),
      verdict: q.verdict,
      verdictText: verdictWords(q.verdict),
      pass: q.pass,
    })),
  };
}

/** The reference table (dbgen, SF 1), shown before any verify. */
export function referenceRows(): Array<{
  id: string;
  kept: string;
  fraction: string;
  tolerance: string;
  note: string;
}> {
  return SSB_REFERENCE.map((r) => ({
    id: r.id,
    kept: count(r.keptRows),
    fraction: r.fraction.toFixed(7),
    tolerance: `at least ±${Math.round(r.tolerance * 100)}%`,
    note: r.note ?? '',
  }));
}
