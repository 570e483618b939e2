/**
 * A traced run as the user meets it: the "Trace pages" option from the capability report, the
 * untraced twin its slowdown is measured against, the slowdown said or said not measured, and the
 * words a comparison gives for leaving traced runs out of its timings.
 */
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../../../src/shared/models';
import type { StatusDelta } from '../../../../src/shared/runs/runs';
import {
  pageTraceOption,
  slowdownWords,
  tracedLeftOutWords,
  untracedReference,
  untracedTwin,
} from '../../../../src/shared/trace/traced-runs';
import { baseRun } from '../../../support/post001';

const g = (name: string, delta: number): StatusDelta => ({
  name,
  scope: 'global',
  before: 0,
  after: delta,
  delta,
});
/** A hot run reads nothing; a cold one reads a page in ten requests. */
const status = (hot: boolean) => [
  g('Innodb_buffer_pool_read_requests', 10_000),
  g('Innodb_buffer_pool_reads', hot ? 0 : 1000),
  g('Innodb_buffer_pool_read_ahead', 0),
];
const trace = { file: 't.pagetrace', requests: 10_000, records: 900, probes: [], lost: 0 };
const traced = (over = {}) =>
  baseRun({
    runId: 'traced',
    startedAt: '2026-11-27T14:05:00.000Z',
    status: status(true),
    elapsedMs: 1350,
    pageTrace: trace,
    ...over,
  });
const untraced = (runId: string, startedAt: string, over = {}) =>
  baseRun({ runId, startedAt, status: status(true), elapsedMs: 1000, ...over });

const line = (status: Capability['status'], detail: string): Capability[] => [
  { id: 'page-trace', label: 'Page trace', status, detail, blocks: status === 'yes' ? '' : 'x' },
];

describe('the "Trace pages" option', () => {
  it('is available when the capability says so, and otherwise carries its reason in words', () => {
    expect(pageTraceOption(null)).toBeNull();
    expect(pageTraceOption(line('yes', 'page trace: available (4 probes)'))).toEqual({
      available: true,
      reason: '',
    });
    expect(
      pageTraceOption(
        line(
          'no',
          'page trace: unavailable: bplab is not running as root: attaching probes to the server takes root',
        ),
      ),
    ).toEqual({
      available: false,
      reason: 'bplab is not running as root: attaching probes to the server takes root',
    });
    expect(pageTraceOption([])).toEqual({
      available: false,
      reason: 'this bplab cannot trace pages (it has no page tracer)',
    });
  });
});

describe('the slowdown of a traced run', () => {
  it('is set against the latest untraced run of the query at the pool size that was as warm', () => {
    const older = untraced('older', '2026-11-27T13:00:00.000Z');
    const newer = untraced('newer', '2026-11-27T14:00:00.000Z', { elapsedMs: 900 });
    const cold = untraced('cold', '2026-11-27T14:01:00.000Z', { status: status(false) });
    const bigger = untraced('bigger', '2026-11-27T14:02:00.000Z', {
      server: { ...baseRun().server, bufferPoolSizeBytes: 2 * baseRun().server.bufferPoolSizeBytes },
    });
    const other = untraced('other', '2026-11-27T14:03:00.000Z', { queryId: 'Q1.2' });
    const tracedToo = untraced('traced-too', '2026-11-27T14:04:00.000Z', { pageTrace: trace });
    const run = traced();
    expect(untracedTwin(run, [older, newer, cold, bigger, other, tracedToo])?.runId).toBe('newer');
    expect(untracedTwin(run, [bigger, other, tracedToo])).toBeNull();
    // With no run as warm, the latest one, its reads kept: the words say it is not a like run.
    expect(untracedTwin(run, [cold, bigger, other, tracedToo])?.runId).toBe('cold');
    const unlike = traced();
    unlike.pageTrace!.untraced = untracedReference(cold, unlike);
    expect(slowdownWords(unlike)).toBe(
      "Traced: 1.35× the time of the untraced run of 2026-11-27 14:01:00 UTC (1.35 s against 1.00 s), but not a like run: it read 1,000 pages into the pool and this one 0, so the ratio is not the probes' cost alone.",
    );
    run.pageTrace!.untraced = untracedReference(newer, run);
    expect(slowdownWords(run)).toBe(
      "Traced: 1.50× the time of the untraced run of 2026-11-27 14:00:00 UTC (1.35 s against 900 ms): the probes' cost.",
    );
  });

  it('is said not measured when there was no untraced twin, and not said for an untraced run', () => {
    expect(slowdownWords(traced())).toBe(
      'Traced: slowdown not measured: no untraced hot run of this query at this pool size (run it once without "Trace pages" first).',
    );
    expect(slowdownWords(traced({ status: status(false) }))).toContain('no untraced cold run');
    expect(slowdownWords(untraced('u', '2026-11-27T14:00:00.000Z'))).toBeNull();
  });
});

describe("a comparison's words for traced runs", () => {
  it('counts them and says why they are left out', () => {
    expect(tracedLeftOutWords(0)).toBeNull();
    expect(tracedLeftOutWords(1)).toBe(
      '1 traced run left out of timings: tracing slows a run (page counts still use it).',
    );
    expect(tracedLeftOutWords(2)).toBe(
      '2 traced runs left out of timings: tracing slows a run (page counts still use them).',
    );
  });
});
