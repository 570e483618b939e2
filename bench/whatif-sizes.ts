/**
 * The what-if at other pool sizes, proved by real runs (issue 40): for workloads that are not SSB,
 * each traced once at the traced size, then predicted by bplab's own what-if and measured by real
 * untraced runs at 0.5×, 1×, 2×, 4× and 8× the traced size, cold and hot, each measured point the
 * median of 3 real runs with their range printed, the sizes alternating:
 *   - shop: an analytical workload of bplab's own (test/support/shop-schema.ts: two fact tables, four
 *     dimensions, secondary indexes, joins by index and by scan), its four queries saved as custom
 *     queries (bench/lib/shop-sizes.ts);
 *   - sysbench's oltp_point_select with uniform and pareto keys, and oltp_read_only with its range
 *     scans, driven by bplab's load, the step's clients traced (bench/lib/oltp-sizes.ts; hot only).
 * On each server binary given (default: the MySQL 8.0.31 and MariaDB 11.4.5 bplab installs, and a
 * MySQL 9.7 when one is installed), one sandbox each, kept in the data folder for a second run; a
 * workload a server cannot be measured on (no page trace there) is said so and left out. It
 * prints predicted beside measured with the error and the verdict, the points where a real run ran
 * another plan apart (with whether the what-if said the plan may change there), the accuracy per
 * size and pass, and the load average at the start and the end; --write-accuracy puts that accuracy
 * in src/shared/whatif/size-accuracy.json, where the product's trust words come from.
 *
 *   npm run bench -- whatif-sizes [--binary PATH,PATH] [--data-dir DIR] [--pool 16M]
 *     [--multiples 0.5,1,2,4,8] [--repeats 3] [--workloads shop,point-uniform,point-pareto,read-only]
 *     [--queries 1,2,3,4] [--scale 1] [--rows 100000] [--tables 4] [--clients 4]
 *     [--warmup 5] [--seconds 8] [--write-accuracy] [--with-points FILE,FILE]
 * --with-points adds the points another run of this benchmark kept (points-DATE.json beside its sandbox:
 * another server, measured on the same code) to the table and the accuracy, each file said by name.
 * As root with bpftrace (the page trace). Small settings for a try: --multiples 1,2 --repeats 1
 * --workloads shop --queries 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findBinaries, inspectBinary } from '../src/main/sandbox/server-binaries';
import { parseByteSize } from '../src/shared/byte-size';
import type { ServerBinary } from '../src/shared/models';
import { oltpPoints, OLTP_WORKLOADS, type OltpName } from './lib/oltp-sizes';
import { shopPoints } from './lib/shop-sizes';
import { accuracyOf, accuracyRows, printPoints, type SizePoint } from './lib/sizes-points';
import { sizesServer } from './lib/sizes-server';

const { values } = parseArgs({
  options: {
    binary: { type: 'string' },
    'data-dir': { type: 'string', default: join(homedir(), '.cache', 'bplab', 'bench-whatif-sizes') },
    pool: { type: 'string', default: '16M' },
    multiples: { type: 'string', default: '0.5,1,2,4,8' },
    repeats: { type: 'string', default: '3' },
    workloads: { type: 'string', default: 'shop,point-uniform,point-pareto,read-only' },
    queries: { type: 'string', default: '1,2,3,4' },
    scale: { type: 'string', default: '1' },
    rows: { type: 'string', default: '100000' },
    tables: { type: 'string', default: '4' },
    clients: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '8' },
    'write-accuracy': { type: 'boolean', default: false },
    'with-points': { type: 'string' },
  },
});

/** The servers bplab installs (scripts/install-deps.sh), and a MySQL 9.7 when one is there. */
async function installedBinaries(): Promise<ServerBinary[]> {
  const wanted = (b: ServerBinary) =>
    (b.flavor === 'mysql' && (b.version.startsWith('8.0.31') || b.version.startsWith('9.7'))) ||
    (b.flavor === 'mariadb' && b.version.startsWith('11.4.5'));
  return (await findBinaries()).binaries.filter((b) => b.source === 'known-location' && wanted(b));
}

const numbers = (text: string) => text.split(',').map((x) => Number(x.trim()));
const binaries = values.binary
  ? await Promise.all(values.binary.split(',').map((p) => inspectBinary(p, 'path')))
  : await installedBinaries();
const tracedBytes = parseByteSize(values.pool!);
const multiples = numbers(values.multiples!);
const repeats = Number(values.repeats);
const workloads = values.workloads!.split(',').map((w) => w.trim());
for (const w of workloads)
  if (w !== 'shop' && !(w in OLTP_WORKLOADS))
    throw new Error(`--workloads: no workload "${w}" (shop, ${Object.keys(OLTP_WORKLOADS).join(', ')})`);
if (binaries.length === 0)
  throw new Error('no server binary: give --binary PATH (scripts/install-deps.sh installs them)');

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const loadAtStart = load();
const command = `npm run bench -- whatif-sizes ${process.argv.slice(2).join(' ')}`.trim();
console.log(
  `# bench/whatif-sizes.ts: traced at ${values.pool}, measured at ${multiples.map((m) => `${m}×`).join(', ')}, ${repeats} real run(s) per point; ${workloads.join(', ')}; load average at start ${loadAtStart}`,
);
mkdirSync(values['data-dir']!, { recursive: true });
const log = (line: string) => console.log(`  ${line}`);
const all: SizePoint[] = [];
for (const binary of binaries) {
  const flavorDir = join(values['data-dir']!, `${binary.flavor}-${binary.version.split('-')[0]}`);
  const server = await sizesServer(flavorDir, 'whatif-sizes', binary.path, tracedBytes);
  console.log(`\n## ${server.info.flavor} ${server.info.version} (${binary.path}), data in ${flavorDir}`);
  const points: SizePoint[] = [];
  // A workload that cannot be measured here (no page trace on this server, a step that failed) is
  // said in words and left out; the others go on.
  const attempt = async (name: string, work: () => Promise<SizePoint[]>) => {
    try {
      points.push(...(await work()));
    } catch (e) {
      console.log(
        `  ${name}: NOT MEASURED on ${server.info.flavor} ${server.info.version}: ${(e as Error).message}`,
      );
    }
  };
  try {
    if (workloads.includes('shop'))
      await attempt('shop', () =>
        shopPoints(server, {
          tracedBytes,
          multiples,
          repeats,
          queries: numbers(values.queries!),
          scale: Number(values.scale),
          log,
        }),
      );
    for (const w of workloads.filter((x): x is OltpName => x in OLTP_WORKLOADS))
      await attempt(w, () =>
        oltpPoints(server, w, {
          tracedBytes,
          multiples,
          repeats,
          tables: Number(values.tables),
          rows: Number(values.rows),
          clients: Number(values.clients),
          warmupSeconds: Number(values.warmup),
          seconds: Number(values.seconds),
          log,
        }),
      );
  } finally {
    await server.sandboxes.stop(server.info.id).catch(() => {});
    await server.service.shutdown();
  }
  // Kept beside the sandbox: a later run of the benchmark can be compared with this one.
  writeFileSync(join(flavorDir, `points-${new Date().toISOString()}.json`), JSON.stringify(points, null, 2));
  console.log('');
  printPoints(points, console.log);
  all.push(...points);
}

// Points another run of the benchmark kept (another server), printed and counted with these.
const earlier = (values['with-points'] ?? '').split(',').filter((f) => f.trim() !== '');
for (const file of earlier) {
  const kept = JSON.parse(readFileSync(file.trim(), 'utf8')) as SizePoint[];
  console.log(
    `\n## ${[...new Set(kept.map((p) => p.server))].join(', ')}: ${kept.length} points kept in ${file.trim()}`,
  );
  printPoints(kept, console.log);
  all.push(...kept);
}

const loadAtEnd = load();
console.log('\n## Accuracy by size and pass (points where the plan changed counted apart)');
console.log('| × | pass | points | within | worst | plan changed |');
console.log('|---|---|---|---|---|---|');
for (const r of accuracyRows(all))
  console.log(
    `| ${r.multiple}× | ${r.pass} | ${r.points} | ${r.within} | ${r.worstPct.toFixed(1)}% | ${r.planChanged} |`,
  );
const accuracy = accuracyOf(all, {
  command,
  loadAverage: `${loadAtStart} → ${loadAtEnd}`,
  measuredOn: new Date().toISOString().slice(0, 10),
});
const total = accuracy.rows.reduce((n, r) => n + r.points, 0);
const ok = accuracy.rows.reduce((n, r) => n + r.within, 0);
console.log(
  `\n${ok} of ${total} points within ±10% of the median real run or inside the real runs' range (goal: 90%); load average at start ${loadAtStart}, at end ${loadAtEnd}`,
);
if (values['write-accuracy']) {
  const file = join('src', 'shared', 'whatif', 'size-accuracy.json');
  writeFileSync(file, `${JSON.stringify(accuracy, null, 2)}\n`);
  // In the repository's own style, so that the format check passes on the file as written.
  spawnSync('npx', ['prettier', '--write', '--log-level=warn', file], { stdio: 'inherit' });
  console.log(`the accuracy table written to ${file}: the product's trust words now say it`);
}
