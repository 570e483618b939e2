/**
 * The events half of a stand-in transport for the renderer's store tests: `on` as BplabApi's, and
 * `emit` to push an event to the listeners a store subscribed.
 */
import type { BplabApi, EventName, EventTypes } from '../../../src/shared/contract';

export function fakeEvents() {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const on = ((event: EventName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  }) as BplabApi['on'];
  const emit = <E extends EventName>(event: E, payload: EventTypes[E]) =>
    listeners.get(event)?.forEach((l) => l(payload));
  /** How many listeners `event` has (a store that stopped following has none). */
  const listening = (event: EventName) => listeners.get(event)?.size ?? 0;
  return { on, emit, listening, clear: () => listeners.clear() };
}
