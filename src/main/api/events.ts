/** A tiny typed event bus: services emit, transports forward to every connected renderer. */
import type { EventName, EventTypes } from '../../shared/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventTypes[E]) => void;

export class EventBus {
  private listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventTypes[E]): void {
    for (const l of this.listeners) l(event, payload);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
