/**
 * `bplab whatif`'s answer on the terminal: the run's replay at its own settings against what it
 * measured (its own-size check), for the server's own page trace and for the trace derived from its
 * plan where each exists, then each setting's curve with both side by side, then the assumptions. Every
 * line at most 100 columns.
 */
import type { RunWhatIf } from '../../shared/whatif/answers';
import type { WhatIfReport } from '../../shared/whatif/what-if';
import { formatCount } from '../../shared/format';
import { wrapLines } from '../../shared/text-wrap';

const mib = (pages: number, pageBytes: number): string => `${((pages * pageBytes) / 1048576).toFixed(0)} MiB`;

/** The two replays of a run, by which trace they replay. */
export interface RunReplays {
  /** The server's own page trace (a traced run's). */
  real: WhatIfReport | null;
  /** Why the run's real trace cannot be replayed (a traced run only). */
  realUnavailable: string | null;
  derived: WhatIfReport | null;
  derivedUnavailable: string | null;
}

export function replaysOf(answer: RunWhatIf): RunReplays {
  const real = 'real' in answer && answer.real ? answer.real : null;
  return {
    real: real && 'report' in real ? real.report : null,
    realUnavailable: real && 'unavailable' in real ? real.unavailable : null,
    derived: 'report' in answer ? answer.report : null,
    derivedUnavailable: 'unavailable' in answer ? answer.unavailable : null,
  };
}

function errorPct(r: WhatIfReport): string {
  if (!r.measuredPagesRead) return '-';
  const e = (r.simulatedPagesRead / r.measuredPagesRead - 1) * 100;
  return `${e >= 0 ? '+' : ''}${e.toFixed(1)}%`;
}

/** The replay at the run's own settings beside what it measured. */
function ownSizeLines(r: WhatIfReport, what: string): string[] {
  const own = r.ownPoolPages !== undefined ? ` at its own ${mib(r.ownPoolPages, r.pageSizeBytes)}` : '';
  const lines = [
    `  ${what}${own}: pages read replayed ${formatCount(r.simulatedPagesRead)}, measured ${
      r.measuredPagesRead === null ? 'not recorded' : formatCount(r.measuredPagesRead)
    } (${errorPct(r)})`,
    `    read ahead replayed ${formatCount(r.own.simulatedReadAhead)}, measured ${
      r.own.measuredReadAhead === null ? 'not recorded' : formatCount(r.own.measuredReadAhead)
    }; made young ${formatCount(r.own.madeYoung)}, not made young ${formatCount(r.own.notMadeYoung)}, evicted unused ${formatCount(r.own.readAheadEvicted)}`,
  ];
  if (r.planMismatch) lines.push(`    NOT COMPARABLE: ${r.planMismatch}.`);
  return lines;
}

/**
 * The curve's point at the run's own pool: the nearest within 5% (MariaDB's pool holds a little less
 * than its size in pages, so the size asked for is not exactly its own), or none.
 */
function ownPoint<P extends { poolPages: number }>(points: readonly P[], own: number | undefined): P | null {
  if (own === undefined || points.length === 0) return null;
  const near = points.reduce((a, b) => (Math.abs(b.poolPages - own) < Math.abs(a.poolPages - own) ? b : a));
  return Math.abs(near.poolPages - own) <= 0.05 * own ? near : null;
}

/** Each setting's curve: the primary replay's points, the other's beside them at the same sizes. */
function curveLines(primary: WhatIfReport, other: WhatIfReport | null, names: [string, string]): string[] {
  const lines: string[] = [];
  for (const [i, c] of primary.curves.entries()) {
    const beside =
      other?.curves.find(
        (o) =>
          o.variant.oldBlocksTimeMs === c.variant.oldBlocksTimeMs &&
          o.variant.oldBlocksPct === c.variant.oldBlocksPct,
      ) ?? other?.curves[i];
    lines.push(
      '',
      `old_blocks_time ${c.variant.oldBlocksTimeMs}, old_blocks_pct ${c.variant.oldBlocksPct}` +
        `  (sampled at ${(c.rate * 100).toFixed(0)}%; largest error against the full simulation ${c.errorVsFull === null ? '-' : c.errorVsFull.toFixed(4)})`,
      `  ${'pool'.padStart(10)}  ${names[0].padStart(12)}${beside ? `  ${names[1].padStart(12)}` : ''}  miss ratio`,
    );
    const own = ownPoint(c.points, primary.ownPoolPages);
    const mayChange = new Set(primary.plan.atSizes.filter((a) => a.mayChange).map((a) => a.poolPages));
    for (const p of c.points) {
      const o = beside?.points.find((x) => x.poolPages === p.poolPages);
      const marks = [
        p === own ? '(its own: the check)' : '',
        mayChange.has(p.poolPages) ? '(plan may change)' : '',
        p.poolPages === c.kneePoolPages ? '<- knee: the working set fits' : '',
      ].filter((m) => m !== '');
      lines.push(
        `  ${mib(p.poolPages, primary.pageSizeBytes).padStart(10)}  ${formatCount(p.pagesRead).padStart(12)}` +
          `${beside ? `  ${(o ? formatCount(o.pagesRead) : '-').padStart(12)}` : ''}  ${p.missRatio.toFixed(4)}` +
          `${marks.length > 0 ? `  ${marks.join(' ')}` : ''}`,
      );
    }
  }
  return lines;
}

/** The whole answer, printed. */
export function printReplays(r: RunReplays, print: (line: string) => void): void {
  const out = (line: string) => print(wrapLines(line, { hang: 4 }));
  const primary = r.real ?? r.derived;
  if (!primary) return;
  out(
    `${primary.queryId} (${primary.variant}) on ${primary.server}, ${primary.hot ? 'hot' : 'cold'}, its own settings:`,
  );
  if (r.real) for (const l of ownSizeLines(r.real, "the server's own page trace")) out(l);
  else if (r.realUnavailable) out(`  the server's own page trace: cannot be replayed: ${r.realUnavailable}`);
  if (r.derived) for (const l of ownSizeLines(r.derived, 'the trace derived from its plan')) out(l);
  else if (r.derivedUnavailable)
    out(`  the trace derived from its plan: not available: ${r.derivedUnavailable}`);
  const names: [string, string] = r.real ? ['real trace', 'derived'] : ['pages read', ''];
  for (const l of curveLines(primary, r.real ? r.derived : null, names)) out(l);
  out('');
  out(`Trust: ${primary.trust.words}.`);
  if (primary.lifetimeAtOwn)
    out(
      `Other sizes replay the runs since the server's start: at its own size that replay reads ${formatCount(primary.lifetimeAtOwn.pagesRead)}, the check ${formatCount(primary.simulatedPagesRead)}.`,
    );
  if (primary.uncertainty) {
    out(
      `Not traced since the server's start: points at other sizes can move by up to about ${formatCount(primary.uncertainty.pages)} pages:`,
    );
    for (const why of primary.uncertainty.why) out(`  - ${why}.`);
  }
  out(`Plan: ${primary.plan.words}`);
  out('Assumptions:');
  for (const a of primary.assumptions) out(`  - ${a.replace(/\.$/, '')}.`);
}
