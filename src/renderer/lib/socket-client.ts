/**
 * The browser-mode client of the contract: requests and events as WireMessages over one WebSocket,
 * reconnecting after a drop. Requests in flight when the socket drops resolve to a CONNECTION_LOST
 * error value, so a screen always has something to say. No DOM types here: the socket comes from
 * the `open` function, so the same code runs under Node in tests.
 */
import type { BplabApi, EventName, WireMessage } from '../../shared/contract';
import { err, type Result } from '../../shared/result';
import { LINK_DETAIL } from './list-status';

/** The part of a WebSocket (DOM or the `ws` package) this client needs. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((ev: never) => void) | null;
  onclose: ((ev: never) => void) | null;
  onerror: ((ev: never) => void) | null;
  onmessage: ((ev: never) => void) | null;
}

/** 'refused': bplab serve is up but refuses this tab's token (it restarted with a new one); no retry helps. */
export type LinkState = 'connecting' | 'open' | 'disconnected' | 'refused';

export interface SocketClientOptions {
  url: string;
  open: (url: string) => SocketLike;
  onLinkChange?: (state: LinkState, failedAttempts: number) => void;
  /** Waits between reconnection attempts; the last one repeats. */
  retryDelaysMs?: number[];
  /**
   * Asked after the socket closed: whether the server refuses the token. A browser does not see the
   * status of a refused WebSocket upgrade, so this asks over plain HTTP (see token.ts).
   */
  tokenRefused?: () => Promise<boolean>;
}

export interface SocketClient extends BplabApi {
  /** Stops for good (no reconnection). */
  close(): void;
}

const lost = (): Result<never> =>
  err('CONNECTION_LOST', 'The connection to the bplab server dropped before the answer came', {
    hint: 'bplab reconnects by itself; check that `bplab serve` is still running, then try again',
    details: { [LINK_DETAIL]: true },
  });

export const refused = (): Result<never> =>
  err('UNAUTHORIZED', 'bplab serve refuses the token this tab holds (it was restarted, with a new token)', {
    hint: 'open the URL that `bplab serve` printed when it started, including ?token=…',
  });

export function createSocketClient(opts: SocketClientOptions): SocketClient {
  const delays = opts.retryDelaysMs ?? [500, 1000, 2000, 5000];
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const waiting: string[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: SocketLike | null = null;
  let state: LinkState = 'connecting';
  let failedAttempts = 0;
  let nextId = 1;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: LinkState) => {
    state = next;
    opts.onLinkChange?.(next, failedAttempts);
  };

  const failAll = (answer: () => Result<never> = lost) => {
    waiting.length = 0;
    const resolvers = [...pending.values()];
    pending.clear();
    for (const resolve of resolvers) resolve(answer());
  };

  const receive = (data: unknown) => {
    if (typeof data !== 'string') return;
    let message: WireMessage;
    try {
      message = JSON.parse(data) as WireMessage;
    } catch {
      return;
    }
    if (message.type === 'response') {
      const resolve = pending.get(message.id);
      pending.delete(message.id);
      resolve?.(message.result);
    } else if (message.type === 'event') {
      for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
    }
  };

  const connect = () => {
    setState('connecting');
    const ws = opts.open(opts.url);
    socket = ws;
    ws.onopen = () => {
      failedAttempts = 0;
      setState('open');
      for (const frame of waiting.splice(0)) ws.send(frame);
    };
    ws.onmessage = ((ev: { data: unknown }) => receive(ev.data)) as (ev: never) => void;
    ws.onerror = () => {};
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return failAll();
      failedAttempts += 1;
      void isRefused().then((no) => {
        if (stopped) return failAll();
        if (no) {
          failAll(refused);
          return setState('refused');
        }
        failAll();
        setState('disconnected');
        const delay = delays[Math.min(failedAttempts - 1, delays.length - 1)] ?? 5000;
        retryTimer = setTimeout(connect, delay);
      });
    };
  };

  const isRefused = () =>
    opts.tokenRefused ? opts.tokenRefused().catch(() => false) : Promise.resolve(false);

  const invoke = (name: string, args: unknown): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      if (state === 'refused') return resolve(refused());
      if (state === 'disconnected' || stopped) return resolve(lost());
      const id = nextId++;
      pending.set(id, resolve);
      const frame = JSON.stringify({ type: 'request', id, name, args });
      if (state === 'open' && socket) socket.send(frame);
      else waiting.push(frame);
    });

  connect();

  return {
    invoke: invoke as BplabApi['invoke'],
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event as EventName, set);
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      return () => void set.delete(untyped);
    },
    close: () => {
      stopped = true;
      clearTimeout(retryTimer);
      const ws = socket;
      socket = null;
      failAll();
      ws?.close();
    },
  };
}
