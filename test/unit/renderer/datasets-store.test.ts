/**
 * The datasets store follows a running verify through 'datasets/verify-progress' events: only the
 * events of the schema it verifies on the chosen connection, and none once the report is in. The
 * API is a stand-in transport here (the real ones are tested in transport-* and e2e).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import type { DatasetVerifyReport, VerifyProgress } from '../../../src/shared/datasets/datasets';
import { setApi } from '../../../src/renderer/lib/api';
import { fakeEvents } from './fake-events';
import {
  followTaskProgress,
  useDatasets,
} from '../../../src/renderer/features/datasets/stores/datasets-store';

const events = fakeEvents();
let answerVerify: (report: DatasetVerifyReport) => void = () => {};

const fakeApi: BplabApi = {
  invoke: ((name: string): Promise<unknown> => {
    if (name === 'datasets/verify')
      return Promise.resolve({ ok: true, value: { taskId: 'v1', schema: 'ssb_a' } });
    if (name === 'tasks/wait')
      return new Promise(
        (resolve) =>
          (answerVerify = (report) =>
            resolve({ ok: true, value: { taskId: 'v1', kind: 'dataset-verify', report } })),
      );
    return Promise.resolve({ ok: true, value: { datasets: [] } });
  }) as BplabApi['invoke'],
  on: events.on,
};

const emit = (p: VerifyProgress) => events.emit('datasets/verify-progress', p);
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
    events.clear();
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

    // The verify answered its task id; tasks/wait is now waiting for the report.
    await new Promise((r) => setTimeout(r, 0));
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
    expect(events.listening('datasets/verify-progress')).toBe(0);
    expect(events.listening('task/progress')).toBe(0);
  });
});

describe('datasets store: another connection', () => {
  it("leaves the last connection's load card behind", () => {
    useDatasets.setState({
      profileId: 'p1',
      task: { taskId: 't1', schema: 'ssb_a', progress: null, cancelling: false },
    });
    useDatasets.getState().select('p2');
    expect(useDatasets.getState().task).toBeNull();
    expect(useDatasets.getState().listed).toBe(false);
  });
});
