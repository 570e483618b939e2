/** The nested loop of a traced plan walked row by row, appending the page touches each access makes. */
import type { IndexModel, Step } from './plan-model';
import type { TraceBuilder } from './trace';

/** Walks the nested loop, appending touches. */
export class Walker {
  private readonly bound: Int32Array;
  private readonly lastKey: Float64Array;
  private readonly lastRow: Int32Array;
  private readonly hashBuffer: number[][] = [];

  constructor(
    private readonly steps: Step[],
    private readonly out: TraceBuilder,
  ) {
    this.bound = new Int32Array(steps.length);
    this.lastKey = new Float64Array(steps.length).fill(NaN);
    this.lastRow = new Int32Array(steps.length).fill(-1);
  }

  run(): void {
    const hashAt = this.steps.findIndex((s) => s.kind === 'hash');
    if (hashAt < 0) {
      this.level(0);
      return;
    }
    const step = this.steps[hashAt]!;
    if (!step.table.pass.includes(1)) {
      // Nothing of this table can match: MySQL 8.0.31 read 11 pages for Q3.3 at SF 0.1 (no supplier in
      // its two cities), so the other input is not read at all; only this table's own read remains.
      const read = step.index ? this.indexRows.bind(this) : this.scanRows.bind(this);
      read(step, () => {});
      return;
    }
    // Build: the steps before the hash join run to completion, their row combinations kept.
    this.collectUntil = hashAt;
    this.level(0);
    const probe = step.probe!;
    const byKey = new Map<number, number[][]>();
    for (const combo of this.hashBuffer) {
      const key = probe.earlier[combo[probe.earlierStep]!]!;
      const list = byKey.get(key);
      if (list) list.push(combo);
      else byKey.set(key, [combo]);
    }
    this.collectUntil = -1;
    // Probe: this table read once, in page order or through its range's index.
    const read = step.index ? this.indexRows.bind(this) : this.scanRows.bind(this);
    read(step, (r) => {
      const matches = byKey.get(probe.column[r]!);
      if (!matches) return;
      for (const combo of matches) {
        combo.forEach((v, k) => (this.bound[k] = v));
        this.bound[hashAt] = r;
        this.level(hashAt + 1);
      }
    });
  }

  private collectUntil = -1;

  private level(l: number): void {
    if (l === this.collectUntil) {
      this.hashBuffer.push(Array.from(this.bound.subarray(0, l)));
      return;
    }
    if (l >= this.steps.length) return;
    const step = this.steps[l]!;
    if (step.kind === 'scan') {
      this.scanRows(step, (r) => {
        this.bound[l] = r;
        this.level(l + 1);
      });
    } else if (step.kind === 'lookup') {
      this.lookup(l, step);
    } else if (step.kind === 'const') {
      this.constRange(l, step);
    }
  }

  private touch(m: IndexModel, page: number): void {
    this.out.touch(m.space, page);
  }

  private descend(m: IndexModel, leaf: number): void {
    if (m.leafPages > 1) {
      this.touch(m, m.root);
      if (m.level1Pages > 0) this.touch(m, m.level1 + Math.floor((leaf * m.level1Pages) / m.leafPages));
    }
    this.touch(m, m.firstLeaf + leaf);
  }

  private leafOf(m: IndexModel, entry: number): number {
    return Math.min(m.leafPages - 1, Math.floor((entry * m.leafPages) / Math.max(1, m.entries)));
  }

  /** A full scan of the clustered index in page order; the page is touched again after inner work. */
  private scanRows(step: Step, onRow: (r: number) => void): void {
    const m = step.clustered;
    let leaf = -1;
    for (let r = 0; r < step.table.rows; r++) {
      const l = this.leafOf(m, r);
      if (l !== leaf) {
        if (leaf < 0) this.descend(m, l);
        else this.touch(m, m.firstLeaf + l);
        leaf = l;
      }
      if (step.table.pass[r] === 1) {
        const before = this.out.length;
        onRow(r);
        if (this.out.length !== before) this.touch(m, m.firstLeaf + l);
      }
    }
  }

  /** A ref on a constant: its entries (the passing rows, in primary-key order) from the index's start. */
  private constRange(l: number, step: Step): void {
    this.indexRows(step, (r) => {
      this.bound[l] = r;
      this.level(l + 1);
    });
  }

  /** The rows a step's conditions keep, read through its index, with clustered lookups unless covering. */
  private indexRows(step: Step, onRow: (r: number) => void): void {
    const index = step.index!;
    let leaf = -1;
    let e = 0;
    for (let r = 0; r < step.table.rows; r++) {
      if (step.table.pass[r] !== 1) continue;
      const l2 = this.leafOf(index, e++);
      if (leaf < 0) this.descend(index, l2);
      else if (l2 !== leaf) this.touch(index, index.firstLeaf + l2);
      leaf = l2;
      if (!step.covering) this.descend(step.clustered, this.leafOf(step.clustered, r));
      const before = this.out.length;
      onRow(r);
      if (this.out.length !== before) this.touch(index, index.firstLeaf + leaf);
    }
    // An empty range still searches the index for its start.
    if (leaf < 0) this.descend(index, 0);
  }

  private lookup(l: number, step: Step): void {
    const src = step.source!;
    const value = src.column[this.bound[src.step]!]!;
    const keyed = step.keyed!;
    if (step.unique && this.lastKey[l] === value) {
      // join_read_key: the same key as the last lookup reuses the row read then.
      const r = this.lastRow[l]!;
      if (r >= 0 && step.table.pass[r] === 1) {
        this.bound[l] = r;
        this.level(l + 1);
      }
      return;
    }
    this.lastKey[l] = value;
    this.lastRow[l] = -1;
    const k = value - keyed.min;
    const from = k >= 0 && k + 1 < keyed.offsets.length ? keyed.offsets[k]! : 0;
    const to = k >= 0 && k + 1 < keyed.offsets.length ? keyed.offsets[k + 1]! : 0;
    const index = step.index!;
    const clustered = index === step.clustered;
    // The search lands where the key would be, even when no entry has it.
    let leaf = this.leafOf(index, Math.min(from, Math.max(0, index.entries - 1)));
    this.descend(index, leaf);
    for (let e = from; e < to; e++) {
      const l2 = this.leafOf(index, e);
      if (l2 !== leaf) {
        this.touch(index, index.firstLeaf + l2);
        leaf = l2;
      }
      const r = keyed.rows[e]!;
      this.lastRow[l] = r;
      if (!clustered) this.descend(step.clustered, this.leafOf(step.clustered, r));
      if (step.table.pass[r] === 1) {
        this.bound[l] = r;
        this.level(l + 1);
      }
      if (!clustered && e + 1 < to) this.touch(index, index.firstLeaf + leaf);
    }
    // A non-unique range reads one entry past its last to see the key change.
    if (!step.unique && to < index.entries) {
      const after = this.leafOf(index, to);
      if (after !== leaf) this.touch(index, index.firstLeaf + after);
    }
  }
}
