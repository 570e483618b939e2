/**
 * The load's worker thread (built as dist/main/load-worker.cjs): runs its share of a step's clients,
 * each one connection sending its events back to back, off the main thread, so a sweep to 256 clients
 * never waits on the UI's or the CLI's event loop. Latency goes into HDR histograms per stretch
 * (warm-up, counted) and per second; a client whose connection is lost reconnects, and one that
 * cannot get it back says the server went away.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Connection as CoreConnection, QueryError } from 'mysql2';
import { createConnection } from 'mysql2/promise';
import { recordMs } from './latency';
import { eventMaker, type MixStatement } from './statement-mix';
import { LoadTally } from './tally';
import {
  PHASE,
  epochMs,
  type MainMessage,
  type Phase,
  type WorkerMessage,
  type WorkerStart,
} from './worker-protocol';

const start = workerData as WorkerStart;
const port = parentPort!;
const phase = new Int32Array(start.control);
const post = (m: WorkerMessage) => port.postMessage(m);

const warmup = new LoadTally();
const counted = new LoadTally();
const second = new LoadTally();
const countsOf = (p: number) => (p === PHASE.counted ? counted : warmup);

/** What mysql2's prepare answers: a statement executed directly, without execute()'s cache lookup. */
interface Prepared {
  execute(values: unknown[], cb: (err: QueryError | null) => void): void;
}

interface Client {
  conn: CoreConnection;
  /** This connection's prepared statements by SQL, prepared on first use (sysbench prepares up front). */
  prepared: Map<string, Prepared>;
  event: MixStatement[];
  next: number;
  done: boolean;
}

const clients: Client[] = [];
let lostSaid = false;
let finishing: (() => void) | undefined;

async function open(): Promise<CoreConnection> {
  const c = await createConnection({
    ...start.connection,
    connectTimeout: 5_000,
    supportBigNumbers: true,
    rowsAsArray: true,
    flags: ['-LOCAL_FILES'],
  });
  const core = (c as unknown as { connection: CoreConnection }).connection;
  // A lost connection also reports itself as an event; its statement's callback says it for us.
  core.on('error', () => {});
  return core;
}

const makeEvent = eventMaker(start.mix);

function send(client: Client): void {
  const p = Atomics.load(phase, 0) as Phase;
  if (p === PHASE.stop) return finishClient(client);
  if (client.next >= client.event.length) {
    client.event = makeEvent();
    client.next = 0;
  }
  const st = client.event[client.next]!;
  const prepared = client.prepared.get(st.sql);
  if (start.protocol === 'prepared' && st.values !== null && !prepared) {
    // Prepared once per connection, outside the statement's own time.
    client.conn.prepare(st.sql, (err, statement) => {
      if (err) return void finishStatement(client, p, 0, err);
      client.prepared.set(st.sql, statement as unknown as Prepared);
      send(client);
    });
    return;
  }
  client.next++;
  const began = performance.now();
  const onDone = (err: QueryError | null) => finishStatement(client, p, performance.now() - began, err);
  if (prepared) prepared.execute(st.values!, onDone);
  else client.conn.query({ sql: st.sql, values: st.values ?? undefined }, onDone);
}

/** Counts one statement in the stretch it began in (p), then sends the client's next one. */
function finishStatement(client: Client, p: Phase, ms: number, err: QueryError | null): void {
  const counts = countsOf(p);
  if (err) {
    counts.errors++;
    second.errors++;
    // The event is abandoned: the next one starts afresh (a transaction left open is rolled back
    // by the server when the connection goes, or by the next BEGIN).
    client.next = client.event.length;
    if (err.fatal) return void reconnect(client);
    return send(client);
  }
  counts.queries++;
  second.queries++;
  recordMs(counts.histogram, ms);
  recordMs(second.histogram, ms);
  counts.lastEndMs = epochMs();
  if (client.next >= client.event.length) {
    counts.transactions++;
    second.transactions++;
  }
  send(client);
}

async function reconnect(client: Client): Promise<void> {
  client.conn.destroy();
  const giveUpAt = performance.now() + start.reconnectForMs;
  let last = '';
  while (Atomics.load(phase, 0) !== PHASE.stop && performance.now() < giveUpAt) {
    try {
      client.conn = await open();
      client.prepared.clear();
      const p = Atomics.load(phase, 0);
      countsOf(p).reconnects++;
      second.reconnects++;
      return send(client);
    } catch (e) {
      last = (e as Error).message;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  // Not back by the end of the step, or not within reconnectForMs: the server is gone.
  if (!lostSaid) {
    lostSaid = true;
    post({
      type: 'lost',
      message: `a client lost its connection and could not reconnect${last ? ` (${last})` : ''}`,
    });
  }
  finishClient(client);
}

function finishClient(client: Client): void {
  if (client.done) return;
  client.done = true;
  if (clients.every((c) => c.done)) finishing?.();
}

async function main(): Promise<void> {
  try {
    const conns = await Promise.all(Array.from({ length: start.clients }, open));
    for (const conn of conns) clients.push({ conn, prepared: new Map(), event: [], next: 0, done: false });
  } catch (e) {
    const code = (e as { code?: string }).code ?? null;
    post({ type: 'connect-failed', message: (e as Error).message, code });
    return;
  }
  const allDone = new Promise<void>((resolve) => (finishing = resolve));
  let at = 0;
  let ticker: NodeJS.Timeout | undefined;
  port.on('message', (m: MainMessage) => {
    if (m.type === 'go') {
      ticker = setInterval(() => {
        post({ type: 'second', at: at++, phase: Atomics.load(phase, 0) as Phase, tally: second.tally() });
        second.reset();
      }, 1000);
      for (const c of clients) send(c);
    } else if (m.type === 'finish') {
      // Every client stops before its next statement; a statement that hangs past 10 s is cut off.
      const cutOff = setTimeout(() => {
        for (const c of clients) c.conn.destroy();
        finishing?.();
      }, 10_000);
      void allDone.then(() => {
        clearTimeout(cutOff);
        clearInterval(ticker);
        post({ type: 'done', warmup: warmup.tally(), counted: counted.tally() });
        for (const c of clients) c.conn.destroy();
        port.close();
      });
    }
  });
  post({ type: 'ready' });
}

void main();
