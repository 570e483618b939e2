/**
 * The one choose-a-connection / password / retry flow. The API is a stand-in transport here that
 * plays a server wanting the password "right" (the real transports are tested in transport-* and e2e).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import { err, ok, type Result } from '../../../src/shared/result';
import { call, setApi } from '../../../src/renderer/lib/api';
import { useServerSession, withChosenServer, withServer } from '../../../src/renderer/lib/server-session';

const sent: Array<{ name: string; args: Record<string, unknown> }> = [];
let profilesAnswer: Result<unknown> = ok({ profiles: [] });

const fakeApi: BplabApi = {
  invoke: ((name: string, args: Record<string, unknown>): Promise<Result<unknown>> => {
    sent.push({ name, args });
    if (name === 'profiles/list') return Promise.resolve(profilesAnswer);
    if (args.password === undefined)
      return Promise.resolve(err('PASSWORD_REQUIRED', 'The server asks for the password'));
    if (args.password !== 'right') return Promise.resolve(err('AUTH_FAILED', 'Access denied for user'));
    return Promise.resolve(ok({ answered: args.profileId }));
  }) as BplabApi['invoke'],
  on: (() => () => {}) as BplabApi['on'],
};

const profile = (id: string, name: string) => ({ id, name, user: 'bob' }) as never;
const test = (profileId: string) => withServer(profileId, (auth) => call('connections/test', auth));
/** Lets the pending promises run (the stand-in answers at once). */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('server session', () => {
  beforeEach(() => {
    sent.length = 0;
    setApi(fakeApi);
    profilesAnswer = ok({ profiles: [profile('p1', 'lab'), profile('p2', 'prod')] });
    useServerSession.setState({
      profiles: [profile('p1', 'lab'), profile('p2', 'prod')],
      profilesLoaded: true,
      profilesError: null,
      profileId: 'p1',
      prompt: null,
    });
  });

  it('asks for the password when the server wants one, then sends the request again with it', async () => {
    const answer = test('p1');
    await settle();
    expect(useServerSession.getState().prompt).toEqual({
      profileId: 'p1',
      name: 'lab',
      user: 'bob',
      refused: null,
    });
    useServerSession.getState().answerPassword('right');
    expect(await answer).toEqual(ok({ answered: 'p1' }));
    expect(sent.map((s) => s.args)).toEqual([{ profileId: 'p1' }, { profileId: 'p1', password: 'right' }]);
    expect(useServerSession.getState().prompt).toBeNull();
  });

  it('asks again, showing the refusal, when the server refuses the password typed', async () => {
    const answer = test('p1');
    await settle();
    useServerSession.getState().answerPassword('wrong');
    await settle();
    expect(useServerSession.getState().prompt).toMatchObject({
      profileId: 'p1',
      refused: { code: 'AUTH_FAILED' },
    });
    useServerSession.getState().answerPassword('right');
    expect(await answer).toEqual(ok({ answered: 'p1' }));
  });

  it('answers with the refusal when the prompt is cancelled after a wrong password', async () => {
    const answer = test('p1');
    await settle();
    useServerSession.getState().answerPassword('wrong');
    await settle();
    useServerSession.getState().answerPassword(null);
    expect(await answer).toMatchObject({ ok: false, error: { code: 'AUTH_FAILED' } });
    expect(useServerSession.getState().prompt).toBeNull();
  });

  it('answers CANCELLED, in words, when the prompt is cancelled before any password', async () => {
    const answer = test('p1');
    await settle();
    useServerSession.getState().answerPassword(null);
    expect(await answer).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    expect(sent).toHaveLength(1);
  });

  it('asks once for requests waiting on the same profile, then for the next profile', async () => {
    const a = test('p1');
    const b = test('p1');
    const c = test('p2');
    await settle();
    expect(useServerSession.getState().prompt?.profileId).toBe('p1');
    useServerSession.getState().answerPassword('right');
    await settle();
    expect(useServerSession.getState().prompt).toMatchObject({ profileId: 'p2', name: 'prod' });
    useServerSession.getState().answerPassword('right');
    expect(await Promise.all([a, b, c])).toEqual([
      ok({ answered: 'p1' }),
      ok({ answered: 'p1' }),
      ok({ answered: 'p2' }),
    ]);
  });

  it('works on the chosen connection, and says so when none is chosen', async () => {
    useServerSession.setState({ profileId: null });
    expect(await withChosenServer((auth) => call('connections/test', auth))).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'Pick a connection first.' },
    });
    expect(sent).toHaveLength(0);
  });

  it('keeps the choice while the profile is listed, and says why when the list fails', async () => {
    useServerSession.setState({ profileId: 'p2' });
    await useServerSession.getState().loadProfiles();
    expect(useServerSession.getState().profileId).toBe('p2');
    profilesAnswer = ok({ profiles: [profile('p3', 'other')] });
    await useServerSession.getState().loadProfiles();
    expect(useServerSession.getState().profileId).toBe('p3');
    profilesAnswer = err('UNAUTHORIZED', 'This page has no token');
    await useServerSession.getState().loadProfiles();
    expect(useServerSession.getState()).toMatchObject({
      profilesLoaded: true,
      profilesError: { code: 'UNAUTHORIZED' },
    });
  });
});
