/**
 * What the load's main side and its worker threads say to each other. The phase of a step lives in
 * shared memory (one Int32 each thread reads before every statement), so switching from warm-up to
 * counted time to stop is exact, with no message in flight; counts and histograms come back as messages.
 */
import type { MixOptions } from './statement-mix';

/** Index 0 of the shared Int32Array. */
export const PHASE = { connecting: 0, warmup: 1, counted: 2, stop: 3 } as const;
export type Phase = (typeof PHASE)[keyof typeof PHASE];

/** Plain connection options a worker can receive (no functions): where, who, TLS material. */
export interface WorkerConnection {
  host?: string;
  port?: number;
  socketPath?: string;
  user: string;
  password: string;
  database: string;
  ssl?: { ca?: Buffer; cert?: Buffer; key?: Buffer; rejectUnauthorized: boolean };
}

export interface WorkerStart {
  connection: WorkerConnection;
  clients: number;
  mix: MixOptions;
  protocol: 'prepared' | 'text';
  /** The shared Int32Array's buffer; [0] is the phase. */
  control: SharedArrayBuffer;
  /** How long a client whose connection was lost keeps trying to reconnect before it gives up. */
  reconnectForMs: number;
}

/** Counts of one stretch, with its latency histogram in HdrHistogram's compressed base64 form. */
export interface Tally {
  queries: number;
  transactions: number;
  errors: number;
  reconnects: number;
  histogram: string;
  /** Epoch milliseconds (performance.timeOrigin + now) of the last statement counted here, 0 if none. */
  lastEndMs: number;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'connect-failed'; message: string; code: string | null }
  | { type: 'second'; at: number; phase: Phase; tally: Tally }
  /** A client lost its connection and could not get one back: the server went away. */
  | { type: 'lost'; message: string }
  | { type: 'done'; warmup: Tally; counted: Tally };

export type MainMessage = { type: 'go' } | { type: 'finish' };

/** Epoch milliseconds with sub-millisecond precision, comparable across threads. */
export const epochMs = (): number => performance.timeOrigin + performance.now();
