/**
 * The load screen's traced client: the "Trace one client" box live only where the server can be traced
 * (the reason in words otherwise, and no trace asked), and a traced step's what-if as the view-model
 * prepares it for ClientCurveChart: the headline in words, the check, the points in MiB.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import type { LoadClientTrace } from '../../../src/shared/load/oltp-load';
import { setApi } from '../../../src/renderer/lib/api';
import { useLoad } from '../../../src/renderer/features/load/stores/load-store';
import { clientCurveViews } from '../../../src/renderer/features/load/utils/client-curve';
import { checkLoadForm, DEFAULT_LOAD_FORM } from '../../../src/renderer/features/load/utils/load-form';
import { step } from '../../support/load-fixture';
import { fakeEvents } from './fake-events';

const MIB = 1048576;

function traced(curve: Array<[mib: number, perThousand: number]>, over: Partial<LoadClientTrace> = {}) {
  return {
    connectionId: 42,
    thread: 4711,
    seconds: 5,
    requests: 54_540,
    records: 30_000,
    serverCountedRequests: 54_540,
    lost: 0,
    serverRequests: 54_602,
    queries: 6_000,
    ownPoolBytes: 64 * MIB,
    curve: curve.map(([mib, per]) => ({
      poolBytes: mib * MIB,
      pagesRead: (per * 6000) / 1000,
      perThousandQueries: per,
    })),
    assumptions: ["one client's page requests stand for the step's"],
    ...over,
  };
}

describe("a traced client's what-if on the load screen", () => {
  it('says what the client would read at the load’s pool and from which pool it would stop reading', () => {
    const one = {
      ...step(1, 1200, 2),
      clientTrace: traced([
        [128, 0.4],
        [16, 829],
        [64, 212.46],
        [32, 500],
      ]),
    };
    const [view] = clientCurveViews([step(4, 3000, 3), one]);
    if (!view || 'unavailable' in view) throw new Error(JSON.stringify(view));
    expect(view.clients).toBe(1);
    expect(view.headline).toBe(
      "At 64 MiB, the load's own pool, this client would read 212 pages per 1,000 queries. From 128 MiB up it would read under one page per 1,000 queries.",
    );
    expect(view.traced).toBe(
      'One of 1 client(s) traced (connection 42, server thread 4711) for 5.0 s: 54,540 page requests, 6,000 queries.',
    );
    expect(view.check).toBe(
      '54,540 requests as the server counts them, against 54,602 it counted over the trace (-0.1%).',
    );
    expect(view.rows).toEqual([
      { mib: 16, perThousand: 829 },
      { mib: 32, perThousand: 500 },
      { mib: 64, perThousand: 212.5 },
      { mib: 128, perThousand: 0.4 },
    ]);
    expect(view.ownMib).toBe(64);
  });

  it('says when the client reads at every size, and why a step has no trace', () => {
    const always = {
      ...step(1, 1200, 2),
      clientTrace: traced([
        [16, 900],
        [64, 300],
        [80, 1],
      ]),
    };
    const none = { ...step(4, 3000, 3), clientTrace: { unavailable: 'no new connection to sbtest came' } };
    const [a, b] = clientCurveViews([always, none]);
    expect(a && 'headline' in a && a.headline).toBe(
      "At 64 MiB, the load's own pool, this client would read 300 pages per 1,000 queries. Even at 80 MiB, the curve's largest pool, it would read 1 page per 1,000 queries.",
    );
    // A pool past the curve's end (where all the client touched fits) reads as its end; no line for it.
    const fits = {
      ...step(1, 1200, 2),
      clientTrace: traced([
        [2, 0],
        [28, 0],
      ]),
    };
    const [c] = clientCurveViews([fits]);
    expect(c && 'headline' in c && [c.headline, c.ownMib]).toEqual([
      "At 64 MiB, the load's own pool, this client would read 0 pages per 1,000 queries (as at 28 MiB, where all it touched fits). It would read under one page per 1,000 queries at every size from 2 MiB.",
      null,
    ]);
    expect(b).toEqual({
      clients: 4,
      unavailable: 'no client could be traced: no new connection to sbtest came',
    });
  });
});

const events = fakeEvents();
let sent: unknown[] = [];
let capabilities: unknown = null;
const fakeApi: BplabApi = {
  invoke: ((name: string, args: unknown): Promise<unknown> => {
    sent.push([name, args]);
    if (name === 'connections/capabilities') return Promise.resolve(capabilities);
    if (name === 'load/start') return Promise.resolve({ ok: true, value: { taskId: 't1' } });
    return new Promise(() => {});
  }) as BplabApi['invoke'],
  on: events.on,
};
const report = (detail: string) => ({
  ok: true,
  value: { capabilities: [{ id: 'page-trace', label: 'page trace', status: 'no', detail, blocks: '' }] },
});

describe('the "Trace one client" box', () => {
  beforeEach(() => {
    sent = [];
    setApi(fakeApi);
    useLoad.setState({ form: DEFAULT_LOAD_FORM, running: false, taskId: null, pageTrace: null });
  });

  it('asks for one traced client when ticked', () => {
    expect(checkLoadForm({ ...DEFAULT_LOAD_FORM, traceClient: true })).toMatchObject({
      ok: true,
      driver: { traceClient: true },
    });
  });

  it("reads the server's capability and asks for no trace where it cannot be traced", async () => {
    capabilities = report("page trace: unavailable: the server's binary /usr/sbin/mariadbd has no symbols");
    await useLoad.getState().readPageTrace('p1');
    expect(useLoad.getState().pageTrace).toEqual({
      available: false,
      reason: "the server's binary /usr/sbin/mariadbd has no symbols",
    });
    useLoad.getState().edit({ traceClient: true });
    useLoad.getState().start('p1');
    expect(sent.at(-1)).toMatchObject(['load/start', { driver: {} }]);
  });
});
