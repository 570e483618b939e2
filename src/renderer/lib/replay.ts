/** useReplay: a panel's what-if replays (replay-requests.ts), left (cancelled) when the panel unmounts. */
import { useEffect, useState } from 'react';
import { ReplayRequests, type ReplayView } from './replay-requests';

export interface Replay extends ReplayView {
  run: ReplayRequests['run'];
  cancel(): void;
}

export function useReplay(): Replay {
  const [view, setView] = useState<ReplayView>({ progress: null, cancelling: false });
  const [requests] = useState(() => new ReplayRequests(setView));
  useEffect(() => {
    requests.enter();
    return () => requests.leave();
  }, [requests]);
  return { ...view, run: (start) => requests.run(start), cancel: () => requests.cancel() };
}
