/**
 * The renderer's WebSocket client against the real browser-mode server (loopback, real router):
 * requests, events, a server that goes away (errors in words, then reconnection).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApp, type App } from '../../../src/main/app';
import { startBrowserServer, type BrowserServer } from '../../../src/main/transport/browser-server';
import { createSocketClient, type LinkState } from '../../../src/renderer/lib/socket-client';
import { socketUrl, tokenRefused } from '../../../src/renderer/lib/token';

let scratch: string;
let staticDir: string;
let app: App;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'bplab-client-'));
  staticDir = join(scratch, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html>');
  app = await createApp({ dataDir: join(scratch, 'data'), transport: 'browser', version: '0.0.0-client' });
});

afterAll(async () => {
  await app.shutdown();
  rmSync(scratch, { recursive: true, force: true });
});

const start = (port = 0) =>
  startBrowserServer({ dispatch: app.dispatch, events: app.events, staticDir, port });

function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((done, fail) => {
    const tick = () => {
      if (check()) return done();
      if (Date.now() > deadline) return fail(new Error('timed out waiting'));
      setTimeout(tick, 10);
    };
    tick();
  });
}

describe('socket client', () => {
  it('queues requests until the socket opens, then round-trips them', async () => {
    const server = await start();
    const states: LinkState[] = [];
    const client = createSocketClient({
      url: socketUrl(server.url, server.token),
      open: (url) => new WebSocket(url),
      onLinkChange: (s) => states.push(s),
    });
    try {
      const [info, unknown] = await Promise.all([
        client.invoke('app/info', {}),
        client.invoke('nope' as 'app/info', {}),
      ]);
      expect(info).toMatchObject({ ok: true, value: { version: '0.0.0-client', transport: 'browser' } });
      expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_REQUEST' } });
      expect(states).toEqual(['connecting', 'open']);
    } finally {
      client.close();
      await server.close();
    }
  });

  it('delivers pushed events to the listeners of that event only, until unsubscribed', async () => {
    const server = await start();
    const client = createSocketClient({
      url: socketUrl(server.url, server.token),
      open: (url) => new WebSocket(url),
    });
    try {
      await client.invoke('app/info', {});
      const progress: string[] = [];
      const changed: string[] = [];
      const stop = client.on('task/progress', (p) => progress.push(p.message));
      client.on('sandboxes/changed', (s) => changed.push(s.id));
      app.events.emit('task/progress', {
        taskId: 't',
        phase: 'p',
        fraction: null,
        message: 'one',
        done: false,
      });
      await until(() => progress.length === 1);
      stop();
      app.events.emit('task/progress', { taskId: 't', phase: 'p', fraction: 1, message: 'two', done: true });
      await client.invoke('app/info', {}); // an answer after the event: the event had its chance to arrive
      expect(progress).toEqual(['one']);
      expect(changed).toEqual([]);
    } finally {
      client.close();
      await server.close();
    }
  });

  it('turns a dropped connection into CONNECTION_LOST, says it is disconnected, and does not reach a new run with the old token', async () => {
    const server = await start();
    const states: LinkState[] = [];
    const client = createSocketClient({
      url: socketUrl(server.url, server.token),
      open: (url) => new WebSocket(url),
      onLinkChange: (s) => states.push(s),
      retryDelaysMs: [50],
    });
    let revived: BrowserServer | null = null;
    try {
      expect((await client.invoke('app/info', {})).ok).toBe(true);
      await server.close();
      await until(() => states.includes('disconnected'));
      const whileDown = await client.invoke('app/info', {});
      expect(whileDown).toMatchObject({ ok: false, error: { code: 'CONNECTION_LOST' } });
      expect(whileDown.ok || whileDown.error.hint).toContain('bplab serve');
      // Same port, same token would be a restart of the same run; a new server has a new token,
      // so reconnecting to it needs the new URL: the client keeps failing, and says so each time.
      revived = await start(server.port);
      await new Promise((r) => setTimeout(r, 300));
      expect(states.at(-1)).not.toBe('open');
    } finally {
      client.close();
      await revived?.close();
    }
  });

  it('tells a refused token (the server restarted with a new one) from a server that is gone', async () => {
    const server = await start();
    const states: LinkState[] = [];
    const client = createSocketClient({
      url: socketUrl(server.url, server.token),
      open: (url) => new WebSocket(url),
      onLinkChange: (s) => states.push(s),
      retryDelaysMs: [50],
      tokenRefused: () => tokenRefused(server.url, server.token),
    });
    let revived: BrowserServer | null = null;
    try {
      expect((await client.invoke('app/info', {})).ok).toBe(true);
      expect(await tokenRefused(server.url, server.token)).toBe(false);
      await server.close();
      await until(() => states.includes('disconnected'));
      expect(await tokenRefused(server.url, server.token)).toBe(false);
      expect(await client.invoke('app/info', {})).toMatchObject({ error: { code: 'CONNECTION_LOST' } });
      revived = await start(server.port);
      await until(() => states.at(-1) === 'refused');
      const answer = await client.invoke('app/info', {});
      expect(answer).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
      expect(answer.ok || answer.error.hint).toContain('URL');
      // No retry can help: the client stops trying.
      const attempts = states.length;
      await new Promise((r) => setTimeout(r, 300));
      expect(states.length).toBe(attempts);
    } finally {
      client.close();
      await revived?.close();
    }
  });

  it('reconnects by itself when the same server comes back', async () => {
    const server = await start();
    // A relay we can cut: the client talks to it, it forwards to the server.
    const sockets = new Set<Socket>();
    const relay = createTcpServer((inbound) => {
      const outbound = connect(server.port, '127.0.0.1');
      sockets.add(inbound).add(outbound);
      inbound.pipe(outbound).pipe(inbound);
      const end = () => {
        inbound.destroy();
        outbound.destroy();
      };
      inbound.on('error', end).on('close', end);
      outbound.on('error', end).on('close', end);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const relayPort = (relay.address() as { port: number }).port;
    const states: LinkState[] = [];
    const client = createSocketClient({
      url: `ws://127.0.0.1:${relayPort}/ws?token=${server.token}`,
      // The relay changes the port, so the Host header must still name the real server.
      open: (url) => new WebSocket(url, { headers: { host: `127.0.0.1:${server.port}` } }),
      onLinkChange: (s) => states.push(s),
      retryDelaysMs: [50],
    });
    try {
      expect((await client.invoke('app/info', {})).ok).toBe(true);
      for (const s of sockets) s.destroy();
      await until(() => states.includes('disconnected'));
      await until(() => states.at(-1) === 'open');
      expect((await client.invoke('app/info', {})).ok).toBe(true);
      expect(states.filter((s) => s === 'open').length).toBe(2);
    } finally {
      client.close();
      relay.close();
      await server.close();
    }
  });

  it('fails requests in flight and stops for good on close()', async () => {
    const server = await start();
    const client = createSocketClient({
      url: socketUrl(server.url, server.token),
      open: (url) => new WebSocket(url),
    });
    try {
      const first = client.invoke('app/info', {});
      client.close();
      expect(await first).toMatchObject({ ok: false, error: { code: 'CONNECTION_LOST' } });
      expect(await client.invoke('app/info', {})).toMatchObject({
        ok: false,
        error: { code: 'CONNECTION_LOST' },
      });
    } finally {
      await server.close();
    }
  });
});
