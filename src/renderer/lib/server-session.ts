/**
 * The server the screens work on, and the one flow for talking to it: choose a saved connection,
 * and when the server asks for a password, prompt for it (once per session: main keeps it) and
 * retry the request. A password the server refuses is asked for again, with the refusal shown.
 * Every screen that works on a server shares the choice, so the work moves from datasets to
 * queries and runs on the same server without choosing it again.
 */
import { create } from 'zustand';
import type { ProfileListing } from '../../shared/models';
import { err, type AppError, type Result } from '../../shared/result';
import { call } from './api';
import { keepSelection } from './profile-selection';

export type ListedProfile = ProfileListing['profiles'][number];

/** What a request on a saved profile carries: the profile, and a password when one was just typed. */
export interface ServerAuth {
  profileId: string;
  password?: string;
}

/** The open password prompt. */
export interface PasswordRequest {
  profileId: string;
  name: string;
  user: string;
  /** The server refused the password typed last time; null on the first ask. */
  refused: AppError | null;
}

export interface ServerSessionState {
  profiles: ListedProfile[];
  /** profiles/list has answered at least once. */
  profilesLoaded: boolean;
  /** Why the saved connections could not be listed; null once they were. */
  profilesError: AppError | null;
  /** The connection the screens work on. */
  profileId: string | null;
  prompt: PasswordRequest | null;
  loadProfiles(): Promise<void>;
  select(profileId: string): void;
  /** The prompt's answer: the password typed, or null when it was cancelled. */
  answerPassword(password: string | null): void;
}

interface Waiter {
  profileId: string;
  refused: AppError | null;
  answer(password: string | null): void;
}

/** Requests waiting for a password, oldest first; the prompt asks for the first one's profile. */
const waiting: Waiter[] = [];

export const useServerSession = create<ServerSessionState>()((set, get) => ({
  profiles: [],
  profilesLoaded: false,
  profilesError: null,
  profileId: null,
  prompt: null,

  loadProfiles: async () => {
    const result = await call('profiles/list', {});
    if (!result.ok) return set({ profilesLoaded: true, profilesError: result.error });
    const profiles = result.value.profiles;
    set({
      profiles,
      profilesLoaded: true,
      profilesError: null,
      profileId: keepSelection(profiles, get().profileId),
    });
  },

  select: (profileId) => {
    if (profileId !== get().profileId) set({ profileId });
  },

  answerPassword: (password) => {
    const first = waiting[0];
    if (!first) return set({ prompt: null });
    // Every request waiting on the same profile goes on with the same answer.
    for (const w of waiting.filter((x) => x.profileId === first.profileId)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.answer(password);
    }
    showPrompt();
  },
}));

function showPrompt(): void {
  const next = waiting[0];
  if (!next) return useServerSession.setState({ prompt: null });
  const profile = useServerSession.getState().profiles.find((p) => p.id === next.profileId);
  useServerSession.setState({
    prompt: {
      profileId: next.profileId,
      name: profile?.name ?? next.profileId,
      user: profile?.user ?? '',
      refused: next.refused,
    },
  });
}

function askPassword(profileId: string, refused: AppError | null): Promise<string | null> {
  return new Promise((answer) => {
    waiting.push({ profileId, refused, answer });
    if (waiting.length === 1 || useServerSession.getState().prompt === null) showPrompt();
  });
}

/**
 * Sends a request on a saved profile. When the server wants a password, the prompt asks for it and
 * the request is sent again with it; a refused password is asked for again. Cancelling the prompt
 * answers with the last refusal, or CANCELLED when none was typed.
 */
export async function withServer<T>(
  profileId: string,
  send: (auth: ServerAuth) => Promise<Result<T>>,
): Promise<Result<T>> {
  let result = await send({ profileId });
  let typed = false;
  while (
    !result.ok &&
    (result.error.code === 'PASSWORD_REQUIRED' || (typed && result.error.code === 'AUTH_FAILED'))
  ) {
    const password = await askPassword(profileId, typed ? result.error : null);
    if (password === null)
      return typed
        ? result
        : err('CANCELLED', 'No password was given, so bplab did not connect.', {
            hint: 'Try again and type the password when asked.',
          });
    typed = true;
    result = await send({ profileId, password });
  }
  return result;
}

/** withServer on the chosen connection; INVALID_ARGUMENT in words when none is chosen. */
export function withChosenServer<T>(send: (auth: ServerAuth) => Promise<Result<T>>): Promise<Result<T>> {
  const profileId = useServerSession.getState().profileId;
  if (!profileId) return Promise.resolve(err('INVALID_ARGUMENT', 'Pick a connection first.'));
  return withServer(profileId, send);
}
