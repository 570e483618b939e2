/**
 * "Test connection" tests the form as it stands and saves nothing: a new or edited profile goes to
 * connections/test-draft (a wrong password included), never profiles/save. The API is a stand-in.
 */
import { describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import { setApi } from '../../../src/renderer/lib/api';
import { useConnections } from '../../../src/renderer/features/connections/stores/connections-store';

describe('Test connection', () => {
  it('tests a new profile as the form holds it, and saves nothing', async () => {
    const sent: string[] = [];
    setApi({
      invoke: ((name: string) => {
        sent.push(name);
        if (name === 'connections/test-draft')
          return Promise.resolve({
            ok: false,
            error: { code: 'AUTH_FAILED', message: 'The server refused user "root": wrong password.' },
          });
        return Promise.resolve({ ok: true, value: { profiles: [], passwordPersistence: 'session-only' } });
      }) as BplabApi['invoke'],
      on: (() => () => {}) as BplabApi['on'],
    });
    useConnections.getState().startNew();
    useConnections.getState().change({ name: 'Lab', password: 'wrong' });
    await useConnections.getState().testConnection();
    expect(sent).toEqual(['connections/test-draft']);
    expect(useConnections.getState().test).toMatchObject({
      status: 'failed',
      error: { code: 'AUTH_FAILED' },
    });
    expect(useConnections.getState().dirty).toBe(true);
  });
});
