/**
 * Browser mode: the same API as the Electron bridge, carried over HTTP + WebSocket on loopback.
 * It only moves bytes: requests go to dispatch(), events from the bus go to every open socket.
 * Access control is in access.ts; file serving in static-files.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { WireEvent, WireResponse } from '../../shared/contract';
import { AppFailure, type Result } from '../../shared/result';
import type { LiveRunSample } from '../../shared/runs/lru-map-codec';
import type { EventBus } from '../api/events';
import type { Dispatch } from '../api/router';
import {
  TOKEN_REFUSED,
  allowedHosts,
  checkOrigin,
  cookieName,
  newToken,
  readCookie,
  tokenCookie,
  tokenMatches,
  type Refusal,
} from './access';
import { CONTENT_SECURITY_POLICY } from './csp';
import { LatestFrameGate, SOCKET_BUSY_BYTES } from './latest-frame';
import { lookupStatic, openStatic } from './static-files';
import { parseRequestFrame } from './wire';

export interface BrowserServerOptions {
  dispatch: Dispatch;
  events: Pick<EventBus, 'subscribe'>;
  /** Loopback only: 127.0.0.1 (default), localhost or ::1. */
  host?: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** The built renderer (dist/renderer). */
  staticDir: string;
  log?: (line: string) => void;
}

export interface BrowserServer {
  /** http://HOST:PORT/?token=TOKEN, the one URL to open. */
  url: string;
  token: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

/** The path the page opens its socket on. */
export const SOCKET_PATH = '/ws';
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

export async function startBrowserServer(opts: BrowserServerOptions): Promise<BrowserServer> {
  const host = loopbackAddress(opts.host ?? '127.0.0.1');
  const log = opts.log ?? (() => {});
  const token = newToken();
  let hosts = new Set<string>();
  let port = 0;

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const server = createServer((req, res) => {
    serveHttp(req, res).catch((e: unknown) => {
      log(`browser server: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) reply(res, 500, 'bplab: internal error while serving this file');
      else res.destroy();
    });
  });

  async function serveHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = checkOrigin(req, hosts);
    if (refusal) return reply(res, refusal.status, refusal.message);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return reply(res, 405, 'bplab: only GET is served here');
    const url = new URL(req.url ?? '/', 'http://bplab.invalid');
    const viaQuery = tokenMatches(token, url.searchParams.get('token'));
    if (!viaQuery && !tokenMatches(token, readCookie(req.headers.cookie, cookieName(port))))
      return reply(res, 401, TOKEN_REFUSED);
    if (url.pathname === SOCKET_PATH) return reply(res, 426, 'bplab: this path takes a WebSocket');
    const found = await lookupStatic(opts.staticDir, url.pathname);
    if (found.kind === 'refused') return reply(res, 403, found.message);
    if (found.kind === 'missing') return reply(res, 404, `bplab: no such file: ${url.pathname}`);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': found.contentType,
      'Content-Length': found.size,
      ...(viaQuery ? { 'Set-Cookie': tokenCookie(port, token) } : {}),
    });
    if (req.method === 'HEAD') return void res.end();
    await new Promise<void>((done, fail) => {
      const stream = openStatic(found.path);
      stream.on('error', fail);
      res.on('close', () => done());
      stream.pipe(res);
    });
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = refuseUpgrade(req);
    if (refusal) return rejectUpgrade(socket, refusal);
    wss.handleUpgrade(req, socket, head, (ws) => openSession(ws));
  });

  function refuseUpgrade(req: IncomingMessage): Refusal | null {
    const refusal = checkOrigin(req, hosts);
    if (refusal) return refusal;
    const url = new URL(req.url ?? '/', 'http://bplab.invalid');
    if (url.pathname !== SOCKET_PATH)
      return { status: 403, message: `bplab: the socket is at ${SOCKET_PATH}` };
    if (!tokenMatches(token, url.searchParams.get('token'))) return { status: 401, message: TOKEN_REFUSED };
    return null;
  }

  function openSession(ws: WebSocket): void {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'bplab speaks JSON text frames');
      const frame = parseRequestFrame(data.toString());
      if (!frame.ok) {
        if (frame.id !== null) send(ws, { type: 'response', id: frame.id, result: invalid(frame.message) });
        else log(frame.message);
        return;
      }
      const { id, name, args } = frame.request;
      opts
        .dispatch(name, args)
        .catch((e: unknown): Result<unknown> => ({
          ok: false,
          error: e instanceof AppFailure ? e.error : { code: 'INTERNAL', message: `bplab: ${String(e)}` },
        }))
        .then((result) => send(ws, { type: 'response', id, result } satisfies WireResponse));
    });
    ws.on('error', (e) => log(`browser socket: ${e.message}`));
  }

  // Live samples go through a latest-frame gate per socket: a browser that falls behind gets the
  // newest frame of each run, not a growing queue.
  const gates = new WeakMap<WebSocket, LatestFrameGate<string>>();
  const gateOf = (ws: WebSocket) => {
    let gate = gates.get(ws);
    if (!gate) {
      const g = new LatestFrameGate<string>(
        () => ws.bufferedAmount > SOCKET_BUSY_BYTES,
        (text) => (ws.readyState === ws.OPEN ? ws.send(text) : g.close()),
      );
      ws.once('close', () => g.close());
      gates.set(ws, g);
      gate = g;
    }
    return gate;
  };
  const unsubscribe = opts.events.subscribe((event, payload) => {
    const text = JSON.stringify({ type: 'event', event, payload } satisfies WireEvent);
    for (const ws of wss.clients) {
      if (ws.readyState !== ws.OPEN) continue;
      if (event === 'runs/sample') gateOf(ws).offer((payload as LiveRunSample).runId, text);
      else ws.send(text);
    }
  });

  try {
    port = await listen(server, host, opts.port ?? 0);
  } catch (e) {
    unsubscribe();
    wss.close();
    throw e;
  }
  hosts = allowedHosts(host, port);
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}/?token=${token}`,
    token,
    host,
    port,
    close: async () => {
      unsubscribe();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}

/** bplab serve never listens on a network interface: the token alone is not enough there. */
function loopbackAddress(host: string): string {
  if (host === '127.0.0.1' || host === 'localhost') return '127.0.0.1';
  if (host === '::1' || host === '[::1]') return '::1';
  throw AppFailure.of('INVALID_ARGUMENT', `bplab serve listens on loopback only, not on "${host}"`, {
    hint: 'use --host 127.0.0.1 (the default) or --host ::1',
  });
}

function listen(server: ReturnType<typeof createServer>, host: string, port: number): Promise<number> {
  return new Promise((done, fail) => {
    const onError = (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE')
        fail(
          AppFailure.of('PORT_IN_USE', `port ${port} on ${host} is already in use`, {
            hint: 'pick another with --port, or --port 0 for a free one',
          }),
        );
      else if (e.code === 'EACCES')
        fail(
          AppFailure.of('PORT_IN_USE', `not allowed to listen on port ${port}`, {
            hint: 'ports below 1024 need privileges; pick a higher one',
          }),
        );
      else if (e.code === 'EADDRNOTAVAIL')
        fail(
          AppFailure.of('INVALID_ARGUMENT', `this machine has no address ${host}`, {
            hint: 'use --host 127.0.0.1',
          }),
        );
      else fail(e);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      done(typeof address === 'object' && address ? address.port : port);
    });
  });
}

function reply(res: ServerResponse, status: number, message: string): void {
  const body = message + '\n';
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function rejectUpgrade(socket: Duplex, refusal: Refusal): void {
  const body = refusal.message + '\n';
  const reason = refusal.status === 401 ? 'Unauthorized' : 'Forbidden';
  socket.end(
    `HTTP/1.1 ${refusal.status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function send(ws: WebSocket, message: WireResponse): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

function invalid(message: string): Result<unknown> {
  return { ok: false, error: { code: 'INVALID_ARGUMENT', message } };
}
