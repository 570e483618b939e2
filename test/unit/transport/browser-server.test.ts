/**
 * The browser-mode server over real HTTP and WebSocket on loopback, with bplab's real router
 * (createApp) behind it: access control, static files, and the wire protocol.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WireMessage } from '../../../src/shared/contract';
import { createApp, type App } from '../../../src/main/app';
import { TOKEN_REFUSED } from '../../../src/main/transport/access';
import { startBrowserServer, type BrowserServer } from '../../../src/main/transport/browser-server';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/transport/csp';

let scratch: string;
let app: App;
let server: BrowserServer;
const SECRET = 'outside-the-static-dir';

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'bplab-transport-'));
  const staticDir = join(scratch, 'renderer');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bplab</title>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(scratch, 'secret.txt'), SECRET);
  symlinkSync(join(scratch, 'secret.txt'), join(staticDir, 'assets', 'link.txt'));
  app = await createApp({ dataDir: join(scratch, 'data'), transport: 'browser', version: '0.0.0-test' });
  server = await startBrowserServer({ dispatch: app.dispatch, events: app.events, staticDir, port: 0 });
});

afterAll(async () => {
  await server?.close();
  await app?.shutdown();
  rmSync(scratch, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP GET: the path is sent as written (no URL normalisation), headers as given. */
function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'GET',
        headers: { host: `127.0.0.1:${server.port}`, ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

const withToken = (path: string, token = server.token) =>
  `${path}${path.includes('?') ? '&' : '?'}token=${token}`;

/** Opens a socket; resolves when open, or rejects with the HTTP status the upgrade was refused with. */
function openSocket(query: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((done, fail) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws${query}`, { headers });
    ws.once('open', () => done(ws));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => fail(Object.assign(new Error(body.trim()), { status: res.statusCode })));
    });
    ws.once('error', fail);
  });
}

function nextMessage(ws: WebSocket, match: (m: WireMessage) => boolean): Promise<WireMessage> {
  return new Promise((done) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as WireMessage;
      if (!match(message)) return;
      ws.off('message', onMessage);
      done(message);
    };
    ws.on('message', onMessage);
  });
}

async function roundTrip(ws: WebSocket, id: number, payload: unknown): Promise<WireMessage> {
  const reply = nextMessage(ws, (m) => m.type === 'response' && m.id === id);
  ws.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  return reply;
}

describe('browser server: HTTP access', () => {
  it('prints a loopback URL that carries the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses the page without a token, in words', async () => {
    const reply = await get('/');
    expect(reply.status).toBe(401);
    expect(reply.body.trim()).toBe(TOKEN_REFUSED);
  });

  it('refuses a wrong token, including one that only differs in its last character', async () => {
    const last = server.token.at(-1) === 'A' ? 'B' : 'A';
    for (const token of ['nope', server.token.slice(0, -1) + last, server.token + 'x']) {
      const reply = await get(withToken('/', token));
      expect(reply.status, token).toBe(401);
    }
  });

  it('serves the index with the token, sets a strict HttpOnly cookie and the CSP', async () => {
    const reply = await get(withToken('/'));
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(reply.body).toContain('<title>bplab</title>');
    const cookie = String(reply.headers['set-cookie']);
    expect(cookie).toContain(`bplab_token_${server.port}=${server.token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
  });

  it('serves assets with the cookie and the right content types, and refuses them without', async () => {
    const cookie = `bplab_token_${server.port}=${server.token}`;
    const js = await get('/assets/app.js', { cookie });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe('console.log(1)');
    const css = await get('/assets/app.css', { cookie });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/assets/app.js')).status).toBe(401);
    expect((await get('/assets/app.js', { cookie: `bplab_token_${server.port}=wrong` })).status).toBe(401);
    expect((await get('/assets/missing.js', { cookie })).status).toBe(404);
  });

  it('refuses a foreign Host header even with the token (DNS rebinding)', async () => {
    const reply = await get(withToken('/'), { host: `evil.example:${server.port}` });
    expect(reply.status).toBe(403);
    expect(reply.body).toContain('refused');
    expect((await get(withToken('/'), { host: `localhost:${server.port}` })).status).toBe(200);
    expect((await get(withToken('/'), { host: `127.0.0.1:${server.port + 1}` })).status).toBe(403);
  });

  it('refuses a foreign Origin header even with the token', async () => {
    const reply = await get(withToken('/'), { origin: 'http://evil.example' });
    expect(reply.status).toBe(403);
    expect((await get(withToken('/'), { origin: 'null' })).status).toBe(403);
    expect((await get(withToken('/'), { origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
  });

  it('never serves a file outside the static folder', async () => {
    const cookie = `bplab_token_${server.port}=${server.token}`;
    for (const path of [
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/../secret.txt',
      '/assets/link.txt',
      '/..%5csecret.txt',
    ]) {
      const reply = await get(path, { cookie });
      expect([403, 404], path).toContain(reply.status);
      expect(reply.body, path).not.toContain(SECRET);
    }
    expect((await get('/..%2fsecret.txt', { cookie })).status).toBe(403);
    expect((await get('/assets/link.txt', { cookie })).status).toBe(403);
  });

  it('serves only GET and HEAD', async () => {
    const status = await new Promise<number>((done, fail) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: withToken('/'), method: 'POST' },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on('error', fail);
      req.end();
    });
    expect(status).toBe(405);
  });
});

describe('browser server: WebSocket', () => {
  it('refuses an upgrade without the token, or with a wrong one', async () => {
    await expect(openSocket('')).rejects.toMatchObject({ status: 401, message: TOKEN_REFUSED });
    await expect(openSocket('?token=wrong')).rejects.toMatchObject({ status: 401 });
  });

  it('refuses an upgrade from a foreign origin or host, even with the token', async () => {
    await expect(
      openSocket(`?token=${server.token}`, { origin: 'http://evil.example' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      openSocket(`?token=${server.token}`, { host: `evil.example:${server.port}` }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  it('round-trips a request through the real dispatch', async () => {
    const ws = await openSocket(`?token=${server.token}`, { origin: `http://127.0.0.1:${server.port}` });
    try {
      const reply = await roundTrip(ws, 7, { type: 'request', id: 7, name: 'app/info', args: {} });
      expect(reply).toMatchObject({
        type: 'response',
        id: 7,
        result: { ok: true, value: { transport: 'browser', version: '0.0.0-test' } },
      });
      const unknown = await roundTrip(ws, 8, { type: 'request', id: 8, name: 'nope/never', args: {} });
      expect(unknown).toMatchObject({ id: 8, result: { ok: false, error: { code: 'UNKNOWN_REQUEST' } } });
      const invalid = await roundTrip(ws, 9, {
        type: 'request',
        id: 9,
        name: 'sandboxes/stop',
        args: { id: '' },
      });
      expect(invalid).toMatchObject({ id: 9, result: { ok: false, error: { code: 'INVALID_ARGUMENT' } } });
      const malformed = await roundTrip(ws, 10, { type: 'nonsense', id: 10 });
      expect(malformed).toMatchObject({ id: 10, result: { ok: false, error: { code: 'INVALID_ARGUMENT' } } });
    } finally {
      ws.close();
    }
  });

  it('pushes events to every open socket', async () => {
    const a = await openSocket(`?token=${server.token}`);
    const b = await openSocket(`?token=${server.token}`);
    try {
      const isEvent = (m: WireMessage) => m.type === 'event';
      const arrivals = Promise.all([nextMessage(a, isEvent), nextMessage(b, isEvent)]);
      const progress = { taskId: 't1', phase: 'load', fraction: 0.5, message: 'half way', done: false };
      app.events.emit('task/progress', progress);
      for (const m of await arrivals)
        expect(m).toEqual({ type: 'event', event: 'task/progress', payload: progress });
    } finally {
      a.close();
      b.close();
    }
  });
});

describe('browser server: lifecycle', () => {
  it('listens on loopback only', async () => {
    await expect(
      startBrowserServer({ dispatch: app.dispatch, events: app.events, staticDir: scratch, host: '0.0.0.0' }),
    ).rejects.toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
  });

  it('says when the port is taken', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((done) =>
      blocker.listen(0, '127.0.0.1', () => done((blocker.address() as { port: number }).port)),
    );
    try {
      await expect(
        startBrowserServer({ dispatch: app.dispatch, events: app.events, staticDir: scratch, port }),
      ).rejects.toMatchObject({ error: { code: 'PORT_IN_USE' } });
    } finally {
      blocker.close();
    }
  });

  it('close() ends open sockets and stops listening', async () => {
    const other = await startBrowserServer({
      dispatch: app.dispatch,
      events: app.events,
      staticDir: scratch,
    });
    const ws = new WebSocket(`ws://127.0.0.1:${other.port}/ws?token=${other.token}`);
    await new Promise((done) => ws.once('open', done));
    const closed = new Promise((done) => ws.once('close', done));
    await other.close();
    await closed;
    await expect(
      new Promise((done, fail) => {
        const req = request({ host: '127.0.0.1', port: other.port, path: '/' }, done);
        req.on('error', fail);
        req.end();
      }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
