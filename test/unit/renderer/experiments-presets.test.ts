/**
 * The builder's preset list: the preset chosen is kept in the store (leaving the screen and coming
 * back keeps it), "Use preset" applies the one shown and never another, and an error from before goes
 * when another preset is chosen or the screen is entered again. The API is a stand-in.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import { setApi } from '../../../src/renderer/lib/api';
import { useDocuments } from '../../../src/renderer/lib/documents';
import {
  shownPreset,
  useExperiments,
} from '../../../src/renderer/features/experiments/stores/experiments-store';

const PRESETS = [
  { id: 'old-blocks-time', title: 'innodb_old_blocks_time 1000 vs 0', source: 'post 001', oltp: false },
  { id: 'myisam-innodb', title: 'MyISAM vs InnoDB', source: 'post 003', oltp: false },
  { id: 'post002-performance-schema', title: 'performance_schema on/off', source: 'post 002', oltp: true },
];
let asked: Array<{ presetId: string; schema: string }> = [];

beforeEach(async () => {
  asked = [];
  setApi({
    invoke: ((name: string, args: unknown) => {
      if (name === 'experiments/presets') return Promise.resolve({ ok: true, value: PRESETS });
      if (name === 'queries/list') return Promise.resolve({ ok: true, value: [] });
      if (name === 'experiments/preset') {
        asked.push(args as { presetId: string; schema: string });
        return Promise.resolve({ ok: true, value: useDocuments.getState().current?.definition });
      }
      return Promise.resolve({ ok: true, value: [] });
    }) as BplabApi['invoke'],
    on: (() => () => {}) as BplabApi['on'],
  });
  // A fresh draft each time (the last test's edits are not asked about).
  useDocuments.setState({ dirty: false });
  await useDocuments.getState().newDocument();
  await useExperiments.getState().load();
});

describe('the preset list', () => {
  it('applies the preset chosen, kept while the screen is left and entered again', async () => {
    useExperiments.getState().choosePreset('myisam-innodb');
    // The screen left and entered again: its load runs again; the choice is the store's.
    await useExperiments.getState().load();
    expect(shownPreset(useExperiments.getState().presets, useExperiments.getState().presetId)).toBe(
      'myisam-innodb',
    );
    const draft = useDocuments.getState().current!.definition;
    useDocuments.getState().edit({
      ...draft,
      schema: 'ssb',
      servers: [{ label: 'MariaDB', profileId: 'p1' }],
    });
    await useExperiments.getState().applyPreset();
    expect(asked.map((a) => a.presetId)).toEqual(['myisam-innodb']);
  });

  it('says why it cannot apply, and the error goes once another preset is chosen or the screen entered', async () => {
    const draft = useDocuments.getState().current!.definition;
    useDocuments.getState().edit({ ...draft, schema: '', servers: [] });
    await useExperiments.getState().applyPreset();
    expect(useExperiments.getState().presetError?.message).toMatch(/^Pick the servers/);
    expect(asked).toEqual([]);
    useExperiments.getState().choosePreset('old-blocks-time');
    expect(useExperiments.getState().presetError).toBeNull();
    await useExperiments.getState().applyPreset();
    expect(useExperiments.getState().presetError).not.toBeNull();
    await useExperiments.getState().load();
    expect(useExperiments.getState().presetError).toBeNull();
  });

  it("applies an OLTP preset (post 002) with no dataset schema typed: it runs on sysbench's own tables", async () => {
    const draft = useDocuments.getState().current!.definition;
    useDocuments.getState().edit({ ...draft, schema: '', servers: [] });
    useExperiments.getState().choosePreset('post002-performance-schema');
    await useExperiments.getState().applyPreset();
    expect(useExperiments.getState().presetError?.message).toBe(
      'Pick the servers first: the preset runs its load on each.',
    );
    useDocuments
      .getState()
      .edit({ ...draft, schema: '', servers: [{ label: 'MySQL 5.5', profileId: 'p1' }] });
    await useExperiments.getState().applyPreset();
    expect(useExperiments.getState().presetError).toBeNull();
    expect(asked).toEqual([
      expect.objectContaining({ presetId: 'post002-performance-schema', schema: 'sbtest' }),
    ]);
  });

  it('shows the first preset when the one chosen is not in the list', () => {
    expect(shownPreset(PRESETS, 'gone')).toBe('old-blocks-time');
    expect(shownPreset([], 'gone')).toBeNull();
  });
});
