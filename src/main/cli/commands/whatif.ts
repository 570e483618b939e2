/**
 * `bplab whatif RUN.json`: a saved run replayed through InnoDB's LRU simulated, simulated against
 * measured pages read at its own settings, then miss-ratio curves across pool sizes for the old-blocks
 * settings asked, each with its knee, sampled as SHARDS does and checked against the full simulation.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { isByteSize, parseByteSize, SIZE_WORDS } from '../../../shared/byte-size';
import { AppFailure } from '../../../shared/result';
import type { RunResult } from '../../../shared/runs/runs';
import { RunResultSchema } from '../../../shared/runs/run-schema';
import type { WhatIfReport } from '../../../shared/whatif/what-if';
import { withoutSamples } from '../../whatif/replay-protocol';
import { defineCommand } from '../command';
import { cliReplay } from '../replay';
import { wrapLines } from '../../../shared/text-wrap';

function numbers(text: string | undefined, what: string): number[] | undefined {
  if (text === undefined) return undefined;
  const out = text.split(',').map((x) => Number(x.trim()));
  if (out.some((n) => !Number.isFinite(n) || n < 0))
    throw AppFailure.of('INVALID_ARGUMENT', `${what} takes numbers separated by commas, such as 0,1000`);
  return out;
}

function poolRange(text: string | undefined): { from: number; to: number } | undefined {
  if (text === undefined) return undefined;
  const [a = '', b = a] = text.split('..');
  if (!isByteSize(a) || !isByteSize(b))
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `--pool takes a size or a range such as 64M..2G, each ${SIZE_WORDS}`,
    );
  const from = parseByteSize(a);
  const to = parseByteSize(b);
  if (to < from)
    throw AppFailure.of('INVALID_ARGUMENT', '--pool: the range must run from the smaller size to the larger');
  return { from, to };
}

async function readRun(path: string): Promise<RunResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw AppFailure.of('NOT_FOUND', `cannot read ${path}: ${(e as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw AppFailure.of('FILE_MALFORMED', `${path} is not JSON`);
  }
  const run = RunResultSchema.safeParse(parsed);
  if (!run.success)
    throw AppFailure.of('FILE_MALFORMED', `${path} is not a saved run (bplab query --json writes one)`);
  return run.data;
}

const mib = (pages: number, pageBytes: number): string => `${((pages * pageBytes) / 1048576).toFixed(0)} MiB`;

/** Every line at most 100 columns; the assumptions as a list, one item each. */
function printReport(r: WhatIfReport, print: (line: string) => void): void {
  const out = (line: string) => print(wrapLines(line));
  const own = r.own;
  const err = r.measuredPagesRead ? ((r.simulatedPagesRead / r.measuredPagesRead - 1) * 100).toFixed(1) : '-';
  out(`${r.queryId} (${r.variant}) on ${r.server}, ${r.hot ? 'hot' : 'cold'}, its own settings:`);
  out(
    `  pages read   simulated ${r.simulatedPagesRead}   measured ${r.measuredPagesRead ?? 'not recorded'}   error ${err}%`,
  );
  if (r.planMismatch) out(`  NOT COMPARABLE: ${r.planMismatch}.`);
  out(
    `  read ahead   simulated ${own.simulatedReadAhead}   measured ${own.measuredReadAhead ?? 'not recorded'}`,
  );
  out(
    `  made young ${own.madeYoung}, not made young ${own.notMadeYoung}, evicted unused ${own.readAheadEvicted}`,
  );
  for (const c of r.curves) {
    out('');
    out(
      `old_blocks_time ${c.variant.oldBlocksTimeMs}, old_blocks_pct ${c.variant.oldBlocksPct}` +
        `  (sampled at ${(c.rate * 100).toFixed(0)}%; largest error against the full simulation ${c.errorVsFull === null ? '-' : c.errorVsFull.toFixed(4)})`,
    );
    const mayChange = new Set(r.plan.atSizes.filter((a) => a.mayChange).map((a) => a.poolPages));
    for (const p of c.points) {
      const knee = p.poolPages === c.kneePoolPages ? '   <- knee: the working set fits' : '';
      const ownSize = p.poolPages === r.ownPoolPages ? '  (its own: the check)' : '';
      const plan = mayChange.has(p.poolPages) ? '  (plan may change)' : '';
      out(
        `  ${mib(p.poolPages, r.pageSizeBytes).padStart(10)}  pages read ${String(p.pagesRead).padStart(9)}  miss ratio ${p.missRatio.toFixed(4)}${ownSize}${plan}${knee}`,
      );
    }
  }
  out('');
  out(`Trust: ${r.trust.words}.`);
  if (r.lifetimeAtOwn)
    out(
      `Other sizes replay the runs since the server's start: at its own size that replay reads ${r.lifetimeAtOwn.pagesRead}, the check ${r.simulatedPagesRead}.`,
    );
  if (r.uncertainty) {
    out(
      `Not traced since the server's start: points at other sizes can move by up to about ${r.uncertainty.pages} pages:`,
    );
    for (const why of r.uncertainty.why) out(`  - ${why}.`);
  }
  out(`Plan: ${r.plan.words}`);
  out('Assumptions:');
  for (const a of r.assumptions) out(`  - ${a.replace(/\.$/, '')}.`);
}

export const whatifCommand = defineCommand({
  name: 'whatif',
  summary: "replay a saved run through InnoDB's LRU simulated: simulated vs measured, miss-ratio curves",
  usage:
    'bplab whatif RUN.json [--pool 64M..2G] [--points 16] [--old-blocks-time 0,1000] [--old-blocks-pct 37,20] [--sample 0.1] [--json FILE]',
  options: {
    pool: { type: 'string' },
    points: { type: 'string' },
    'old-blocks-time': { type: 'string' },
    'old-blocks-pct': { type: 'string' },
    sample: { type: 'string' },
    json: { type: 'string' },
  },
  positionals: true,
  async run({ values, positionals }, ctx) {
    if (positionals.length !== 1)
      throw AppFailure.of('INVALID_ARGUMENT', 'give one saved run: bplab whatif RUN.json');
    const run = await readRun(positionals[0]!);
    const rate = values.sample === undefined ? 0.1 : Number(values.sample);
    if (!(rate > 0 && rate <= 1))
      throw AppFailure.of('INVALID_ARGUMENT', '--sample takes a rate above 0 and at most 1');
    const points = values.points === undefined ? 16 : Number(values.points);
    if (!Number.isInteger(points) || points < 1 || points > 64)
      throw AppFailure.of('INVALID_ARGUMENT', '--points takes a whole number from 1 to 64');
    const options = {
      pool: poolRange(values.pool),
      points,
      oldBlocksTimes: numbers(values['old-blocks-time'], '--old-blocks-time'),
      oldBlocksPcts: numbers(values['old-blocks-pct'], '--old-blocks-pct'),
      rate,
    };
    const simulator = cliReplay(ctx);
    const answer = await simulator
      .run({ kind: 'run', run: withoutSamples(run), options })
      .finally(() => simulator.close());
    if ('unavailable' in answer)
      throw AppFailure.of('FEATURE_MISSING', `cannot replay this run: ${answer.unavailable}`);
    const report = answer.report;
    printReport(report, ctx.out);
    if (values.json) {
      try {
        await writeFile(values.json, JSON.stringify(report, null, 2), 'utf8');
      } catch (e) {
        throw AppFailure.of('FILE_MALFORMED', `cannot write ${values.json}: ${(e as Error).message}`);
      }
      ctx.err(`bplab: what-if written to ${values.json}`);
    }
    return 0;
  },
});
