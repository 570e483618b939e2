/**
 * Post 003's table reproduced (issue 17): the "MyISAM vs InnoDB, query by query, cold then hot" preset run
 * by bplab's own runner on a sandbox holding the SSB dataset in both engines (each query cold after a
 * restart with purge waited for and the dataset's files evicted, then hot). Prints per query the time
 * and MiB read cold and hot for each engine and who won each, then the post's own figures the preset
 * carries, each with its verdict (its SF 20 on other hardware: the direction is what should reproduce),
 * how cold was made, and the machine's load average at the start and the end. A script that prints
 * figures, not a timed test.
 *
 *   npm run bench -- post003 --data-dir DIR --sandbox NAME --schema ssb_sf1 [--queries Q1.1,Q3.1] [--out FILE]
 *   (make both copies first: bplab ssb generate --sf 1 --schema ssb_sf1 and --engine myisam --schema ssb_sf1_myisam)
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../src/main/app';
import { coldHotTable, coldHotView } from '../src/shared/compare/cold-hot';
import { experimentSides } from '../src/shared/compare/experiment-sides';
import { ExperimentDefinitionSchema } from '../src/shared/experiments/experiments';
import { formatBytes, formatMs } from '../src/shared/format';
import type { SandboxInfo } from '../src/shared/models';
import { tableText } from '../src/main/reports/text';
import { readVerdicts, verdictsText } from '../src/main/reports/reference-report';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    sandbox: { type: 'string' },
    schema: { type: 'string', default: 'ssb_sf1' },
    queries: { type: 'string' },
    out: { type: 'string' },
  },
});
if (!values['data-dir'] || !values.sandbox) {
  console.error(
    'usage: npm run bench -- post003 --data-dir DIR --sandbox NAME [--schema ssb_sf1] [--queries ...]',
  );
  process.exit(2);
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const startLoad = load();
const app = await createApp({ dataDir: values['data-dir'], transport: 'browser', version: 'bench' });
try {
  const list = await app.dispatch('sandboxes/list', {});
  if (!list.ok) throw new Error(list.error.message);
  const sb = (list.value as SandboxInfo[]).find((s) => s.name === values.sandbox);
  if (!sb) throw new Error(`no sandbox ${values.sandbox} in ${values['data-dir']}`);
  // Started when stopped, as `bplab run` does, instead of failing on "Nothing is listening".
  if (sb.status === 'stopped') {
    console.log(`starting sandbox ${sb.name} ...`);
    const started = await app.dispatch('sandboxes/start', { id: sb.id });
    if (!started.ok) throw new Error(started.error.message);
    const { taskId } = started.value as { taskId: string };
    const done = await app.dispatch('tasks/wait', { taskId });
    if (!done.ok) throw new Error(`sandbox ${sb.name} did not start: ${done.error.message}`);
  }
  const servers = [{ label: `${sb.flavor} ${sb.version}`, profileId: sb.profileId, sandboxId: sb.id }];
  const preset = await app.dispatch('experiments/preset', {
    presetId: 'myisam-vs-innodb',
    servers,
    schema: values.schema,
  });
  if (!preset.ok) throw new Error(`${preset.error.message} ${preset.error.hint ?? ''}`);
  const built = ExperimentDefinitionSchema.parse(preset.value);
  const def = values.queries
    ? ExperimentDefinitionSchema.parse({
        ...built,
        queries: values.queries.split(',').map((queryId) => ({ queryId })),
      })
    : built;
  console.log(`post 003 on ${servers[0]!.label}: ${def.description}`);
  console.log(`matrix: ${def.matrix.map((m) => `${m.variable}=${m.values.join('|')}`).join(', ')}`);
  const file = values.out ?? join(values['data-dir'], `post003-${sb.name}.bplab.json`);
  const outcome = await app.experiments.execute(def, file, 'post003', new AbortController().signal);
  if (outcome.state !== 'complete')
    throw new Error(`the experiment ended ${outcome.state}: ${outcome.error}`);
  const { protocol } = experimentSides(outcome.results);
  const view = coldHotView(protocol);
  console.log(tableText(coldHotTable(view)));
  // Who won each query, cold and hot; then the post's own figures (the preset carries them) judged.
  console.log('\nquery  cold: winner (InnoDB / MyISAM, MiB read)          hot: winner (InnoDB / MyISAM)');
  for (const f of view.flights)
    for (const q of f.queries) {
      const [inno, my] = q.sides;
      const win = (a: number | null | undefined, b: number | null | undefined) =>
        a == null || b == null ? '—' : a <= b ? 'InnoDB' : 'MyISAM';
      const t = (v: number | null | undefined) => (v == null ? '—' : formatMs(v));
      const b = (v: number | null | undefined) => (v == null ? '—' : formatBytes(v));
      console.log(
        `${q.queryId.padEnd(6)} ${win(inno?.cold?.ms, my?.cold?.ms).padEnd(7)} (${t(inno?.cold?.ms)} / ${t(my?.cold?.ms)}, ${b(inno?.cold?.readBytes)} / ${b(my?.cold?.readBytes)})`.padEnd(
          60,
        ) + `${win(inno?.hot?.ms, my?.hot?.ms).padEnd(7)} (${t(inno?.hot?.ms)} / ${t(my?.hot?.ms)})`,
      );
    }
  console.log(`\n${verdictsText(await readVerdicts([file]))}`);
  const colds = outcome.results.filter((r) => r.cold).map((r) => r.cold!.how);
  console.log(`cold made by: ${[...new Set(colds)].join(', ')} (${colds.length} restarts)`);
  console.log(`load average (1, 5, 15 min): start ${startLoad}, end ${load()}`);
  console.log(`results: ${file}`);
} finally {
  await app.shutdown();
}
