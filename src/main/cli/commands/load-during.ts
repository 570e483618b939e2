/**
 * `bplab load --during Q1.1,Q2.1,... --ssb-schema S`: the "both sides of old_blocks_time" preset from
 * the command line. A point-select load over sbtest1 runs throughout while the SSB queries scan one after
 * another, once per --old-blocks-time (0,1000 by default; journaled, put back); prints each step, each
 * side's figures and the headline, and saves the result (one file) for `bplab compare` and `bplab report`.
 */
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { mixedComparison, mixedTable } from '../../../shared/compare/mixed-timeline';
import { planStepWords, type MixedLoadInput, type MixedLoadResult } from '../../../shared/load/mixed-load';
import { KEY_DISTRIBUTIONS, type KeyDistribution } from '../../../shared/load/oltp-load';
import { OLD_BLOCKS_TIME_RANGE } from '../../../shared/server/lru-settings';
import { AppFailure } from '../../../shared/result';
import { numberArg, requiredArg } from '../args';
import type { CliContext } from '../command';
import { withPassword } from '../password-prompt';
import { tableText } from '../../reports/text';

export interface DuringValues {
  during: string;
  'ssb-schema'?: string;
  'old-blocks-time': string;
  lead: string;
  tail: string;
  rows: string;
  clients?: string;
  schema: string;
  distribution: string;
  protocol: string;
  json?: string;
  poll?: string;
}

function listOf(flag: string, text: string): string[] {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => p === ''))
    throw AppFailure.of('INVALID_ARGUMENT', `${flag} takes values separated by commas, not "${text}"`);
  return parts;
}

/** The preset's spec from the flags, each refused in words. */
export function duringSpec(v: DuringValues): MixedLoadInput {
  const distribution = v.distribution as KeyDistribution;
  if (!KEY_DISTRIBUTIONS.includes(distribution))
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `--distribution must be one of ${KEY_DISTRIBUTIONS.join(', ')}, not "${v.distribution}"`,
    );
  if (v.protocol !== 'prepared' && v.protocol !== 'text')
    throw AppFailure.of('INVALID_ARGUMENT', `--protocol must be prepared or text, not "${v.protocol}"`);
  return {
    oltp: {
      schema: v.schema,
      rows: numberArg('--rows', v.rows, { min: 1, max: 2 ** 31 - 2, integer: true, unit: 'rows' }),
      clients: numberArg('--clients', v.clients ?? '4', {
        min: 1,
        max: 4096,
        integer: true,
        unit: 'clients',
        note: 'one client count beside the scans',
      }),
      distribution,
      protocol: v.protocol,
    },
    ssb: {
      schema: requiredArg('--ssb-schema', v['ssb-schema'], 'the SSB dataset the queries scan, e.g. ssb_sf1'),
      queries: listOf('--during', v.during).map((id) => {
        const [queryId, variant] = id.split(':');
        return variant ? { queryId: queryId!, variant } : { queryId: queryId! };
      }),
    },
    oldBlocksTimes: listOf('--old-blocks-time', v['old-blocks-time']).map((t) =>
      numberArg('--old-blocks-time', t, { ...OLD_BLOCKS_TIME_RANGE, integer: true, unit: 'ms' }),
    ),
    leadSeconds: numberArg('--lead', v.lead, { min: 0, max: 3600, unit: 'seconds' }),
    poll:
      v.poll === undefined || v.poll === 'auto'
        ? 'auto'
        : numberArg('--poll', v.poll.replace(/ms$/, ''), {
            min: 100,
            max: 60_000,
            integer: true,
            unit: 'ms',
            note: 'auto, or the ms between full LRU snapshots',
          }),
    tailSeconds: numberArg('--tail', v.tail, { min: 0, max: 3600, unit: 'seconds' }),
  };
}

/** The headline and the per-side table, as `bplab compare` prints a mixed result. */
export function mixedText(result: MixedLoadResult): string {
  const c = mixedComparison(result);
  return `${c.headline}\n\n${tableText(mixedTable(c))}`;
}

export async function runDuring(
  values: DuringValues,
  profileId: string,
  ctx: CliContext,
  dataDir: string,
): Promise<number> {
  const spec = duringSpec(values);
  const app = await ctx.openApp({ dataDir });
  let taskId: string | null = null;
  let cancelled = false;
  void ctx.stopRequested.then((signal) => {
    if (taskId === null) return;
    cancelled = true;
    ctx.err(
      `bplab: ${signal}: stopping, keeping what was measured and putting innodb_old_blocks_time back ...`,
    );
    app.tasks.cancel(taskId);
  });
  const result = await withPassword(profileId, async (password) => {
    const started = app.mixed.start(profileId, password, spec, {
      onStep: (side, step) => ctx.err(`bplab: side ${side + 1}: ${planStepWords(step)}`),
      onSide: (s) =>
        ctx.err(
          `bplab: old_blocks_time ${s.oldBlocksTime}: ${s.state}; ${s.seconds.length} s of point selects, ${s.queries.length} scans, ${s.pages.length} pool snapshots; setting ${s.setting.restored ? 'put back' : 'NOT put back'}${s.reason ? ` (${s.reason})` : ''}`,
        ),
    });
    taskId = started.taskId;
    return started.result;
  });
  ctx.out(mixedText(result));
  if (values.json) {
    writeFileSync(resolve(values.json), `${JSON.stringify(result, null, 2)}\n`);
    ctx.err(`bplab: wrote ${resolve(values.json)}`);
  }
  if (result.state === 'complete') return 0;
  return cancelled || result.state === 'cancelled' ? 130 : 1;
}
