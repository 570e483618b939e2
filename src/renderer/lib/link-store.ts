/** Whether the page can reach main: always in Electron; in browser mode, while the socket is up. */
import { create } from 'zustand';
import type { LinkState } from './socket-client';

export interface LinkStore {
  state: LinkState | 'no-token';
  failedAttempts: number;
  set(state: LinkStore['state'], failedAttempts?: number): void;
}

export const useLink = create<LinkStore>()((set) => ({
  state: 'connecting',
  failedAttempts: 0,
  set: (state, failedAttempts = 0) => set({ state, failedAttempts }),
}));
