/**
 * The datasets store follows a running verify through 'datasets/verify-progress' events: only the
 * events of the schema it verifies on the chosen connection, and none once the report is in. The
 * API is a stand-in transport here (the real ones are tested in transport-* and e2e).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi, EventName } from '../../../src/shared/contract';
import type { DatasetVerifyReport, VerifyProgress } from '../../../src/shared/datasets';
import { setApi } from '../../../src/renderer/lib/api';
import {
  followTaskProgress,
  useDatasets,
} from '../../../src/renderer/features/datasets/stores/datasets-store';

const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
let answerVerify: (report: DatasetVerifyReport) => void = () => {};

const fakeApi: BplabApi = {
  invoke: ((name: string): Promise<unknown> => {
    if (name === 'datasets/verify')
      return new Promise((resolve) => (answerVerify = (value) => resolve({ ok: true, value })));
    return Promise.resolve({ ok: true, value: { datasets: [] } });
  }) as BplabApi['invoke'],
  on: ((event: EventName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  }) as BplabApi['on'],
};

const emit = (p: VerifyProgress) => listeners.get('datasets/verify-progress')?.forEach((l) => l(p));
const progress = (patch: Partial<VerifyProgress>): VerifyProgress => ({
  profileId: 'p1',
  schema: 'ssb_a',
  done: 3,
  total: 18,
  step: 'rows of dim_date',
  ...patch,
});
const report = { schema: 'ssb_a', pass: true } as DatasetVerifyReport;

describe('datasets store: verify progress', () => {
  beforeEach(() => {
    listeners.clear();
    setApi(fakeApi);
    useDatasets.setState({ profileId: 'p1', verify: null });
  });

  it("shows the verified schema's progress, and ignores other schemas and connections", async () => {
    const stop = followTaskProgress();
    const running = useDatasets.getState().runVerify('ssb_a');
    expect(useDatasets.getState().verify).toMatchObject({ schema: 'ssb_a', running: true, progress: null });

    emit(progress({ schema: 'ssb_b' }));
    emit(progress({ profileId: 'p2' }));
    expect(useDatasets.getState().verify?.progress).toBeNull();

    emit(progress({ done: 7, step: 'Q2.1' }));
    expect(useDatasets.getState().verify?.progress).toMatchObject({ done: 7, step: 'Q2.1' });

    answerVerify(report);
    await running;
    expect(useDatasets.getState().verify).toMatchObject({ running: false, progress: null, report });
    emit(progress({ done: 8 }));
    expect(useDatasets.getState().verify?.progress).toBeNull();
    stop();
  });

  it('stops following when unsubscribed', () => {
    const stop = followTaskProgress();
    stop();
    expect(listeners.get('datasets/verify-progress')?.size ?? 0).toBe(0);
    expect(listeners.get('task/progress')?.size ?? 0).toBe(0);
  });
});
