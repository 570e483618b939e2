/** The capabilities screen: the report of the chosen connection (lib/server-session.ts chooses it). */
import { create } from 'zustand';
import type { CapabilityReport } from '../../../../shared/models';
import type { AppError } from '../../../../shared/result';
import { call } from '../../../lib/api';
import { withChosenServer } from '../../../lib/server-session';

export interface CapabilitiesState {
  report: CapabilityReport | null;
  checking: boolean;
  error: AppError | null;
  check(): Promise<void>;
}

export const useCapabilities = create<CapabilitiesState>()((set) => ({
  report: null,
  checking: false,
  error: null,

  check: async () => {
    set({ checking: true, error: null });
    const result = await withChosenServer((auth) => call('connections/capabilities', auth));
    set(
      result.ok
        ? { checking: false, report: result.value }
        : { checking: false, error: result.error, report: null },
    );
  },
}));
