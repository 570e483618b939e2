/**
 * Progress of a dataset load in figures a user reads (rows, rows/s, phase, ETA, fraction). Rows are
 * the unit: loading a row counts 1, indexing it INDEX_WEIGHT, because ALTER TABLE ... ADD KEY over
 * a table takes roughly that share of the time its load took.
 */
import type { SsbTable } from '../../shared/datasets/datasets';

export type DatasetLoadPhase = 'checking' | 'schema' | 'loading' | 'indexing' | 'finishing' | 'done';

export interface DatasetLoadProgress {
  phase: DatasetLoadPhase;
  table: SsbTable | null;
  /** Rows sent to the server so far, all tables. */
  rows: number;
  /** Rows the whole load is expected to send (an estimate until every table is read). */
  totalRows: number;
  /** Loading rate: rows sent per second of loading (index builds not counted). */
  rowsPerSec: number;
  /** Seconds left, or null when not yet known. */
  etaSec: number | null;
  fraction: number;
  elapsedSec: number;
  message: string;
}

export const INDEX_WEIGHT = 0.4;

export class ProgressMeter {
  private expected = new Map<SsbTable, number>();
  private loaded = new Map<SsbTable, number>();
  private needsKeys = new Set<SsbTable>();
  private indexed = new Set<SsbTable>();
  private readonly started: number;
  private lastEmit = 0;
  /** When the first and the latest rows went out: rows/s is the loading rate, not diluted by the index builds. */
  private firstRowsAt: number | null = null;
  private lastRowsAt: number | null = null;

  constructor(
    private readonly emit: (p: DatasetLoadProgress) => void,
    private readonly now: () => number = () => performance.now(),
    private readonly minIntervalMs = 250,
  ) {
    this.started = now();
  }

  /** What a table is expected to hold (re-estimated as an import reads its file), and whether it gets keys after. */
  expect(table: SsbTable, rows: number, indexed: boolean): void {
    this.expected.set(table, Math.max(rows, 1));
    if (indexed) this.needsKeys.add(table);
  }

  rowsLoaded(table: SsbTable, rows: number): void {
    const now = this.now();
    this.firstRowsAt ??= now;
    this.lastRowsAt = now;
    this.loaded.set(table, rows);
  }

  tableIndexed(table: SsbTable): void {
    this.indexed.add(table);
  }

  private totals() {
    let total = 0;
    let done = 0;
    let rows = 0;
    let indexWork = 0;
    let indexDone = 0;
    for (const [t, exp] of this.expected) {
      const loaded = this.loaded.get(t) ?? 0;
      const size = Math.max(exp, loaded);
      total += size;
      done += loaded;
      rows += loaded;
      if (!this.needsKeys.has(t)) continue;
      indexWork += size * INDEX_WEIGHT;
      if (this.indexed.has(t)) indexDone += size * INDEX_WEIGHT;
    }
    return { total, rows, work: total + indexWork, workDone: done + indexDone };
  }

  snapshot(phase: DatasetLoadPhase, table: SsbTable | null, message: string): DatasetLoadProgress {
    const elapsedSec = (this.now() - this.started) / 1000;
    const t = this.totals();
    const fraction = phase === 'done' ? 1 : t.work > 0 ? Math.min(t.workDone / t.work, 0.999) : 0;
    const loadingSec =
      this.firstRowsAt !== null && this.lastRowsAt !== null ? (this.lastRowsAt - this.firstRowsAt) / 1000 : 0;
    const rowsPerSec = loadingSec > 0 ? t.rows / loadingSec : 0;
    const etaSec =
      phase === 'done'
        ? 0
        : fraction > 0.01 && elapsedSec > 1
          ? (elapsedSec * (1 - fraction)) / fraction
          : null;
    return {
      phase,
      table,
      rows: t.rows,
      totalRows: t.total,
      rowsPerSec,
      etaSec,
      fraction,
      elapsedSec,
      message,
    };
  }

  /** Emits now when `force` (a phase change), otherwise at most every minIntervalMs. */
  report(phase: DatasetLoadPhase, table: SsbTable | null, message: string, force = false): void {
    const now = this.now();
    if (!force && now - this.lastEmit < this.minIntervalMs) return;
    this.lastEmit = now;
    this.emit(this.snapshot(phase, table, message));
  }
}
