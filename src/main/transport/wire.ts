/** Reading the WebSocket wire format (WireMessage in the contract) from untrusted text. */
import type { WireRequest } from '../../shared/contract';

export type ParsedFrame =
  { ok: true; request: WireRequest } | { ok: false; id: number | null; message: string };

export function parseRequestFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, id: null, message: 'bplab: a message on the socket was not JSON' };
  }
  if (typeof value !== 'object' || value === null)
    return { ok: false, id: null, message: 'bplab: a message on the socket was not an object' };
  const frame = value as Record<string, unknown>;
  const id = typeof frame.id === 'number' && Number.isSafeInteger(frame.id) ? frame.id : null;
  if (frame.type !== 'request' || id === null || typeof frame.name !== 'string')
    return { ok: false, id, message: 'bplab: a message on the socket was not a request (type, id, name)' };
  return { ok: true, request: { type: 'request', id, name: frame.name, args: frame.args } };
}
