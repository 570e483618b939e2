/** app/info, fetched once: the version, the transport, and whether a password can be remembered. */
import { create } from 'zustand';
import type { AppInfo } from '../../shared/contract';
import type { AppError } from '../../shared/result';
import { call } from './api';

export interface AppInfoStore {
  info: AppInfo | null;
  error: AppError | null;
  load(): Promise<void>;
}

export const useAppInfo = create<AppInfoStore>()((set) => ({
  info: null,
  error: null,
  load: async () => {
    const result = await call('app/info', {});
    set(result.ok ? { info: result.value, error: null } : { error: result.error });
  },
}));
