// Checks, before a sweep prepares or measures anything, that the server lets in its largest step's clients.
import { AppFailure } from '../../shared/result';

/** Refuses a sweep whose largest step needs more connections than max_connections leaves free. */
export function checkConnectionRoom(
  maxConnections: number,
  connected: number,
  clients: readonly number[],
): void {
  const largest = Math.max(0, ...clients);
  // The sweep's own control session is among `connected`; the worker's clients come on top of it.
  const needed = connected + largest;
  if (needed <= maxConnections) return;
  throw AppFailure.of(
    'INVALID_ARGUMENT',
    `The server allows ${maxConnections} connections (max_connections) and ${connected} are open: ` +
      `a step of ${largest} clients needs ${needed}.`,
    {
      hint: `Raise max_connections to at least ${needed} (SET GLOBAL max_connections = ${needed}, or the sandbox option max_connections=${needed}), or sweep fewer clients.`,
    },
  );
}
