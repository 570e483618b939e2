/**
 * A traced load step's what-if (all of its clients): their page requests over the real layout of the
 * files they touched (traced-run.ts reads it), replayed on a warm pool, since a load step runs on the pool its warm-up
 * and the steps before filled (one pass of the same requests first, then the pass the curve reads), at
 * pool sizes from a sixteenth of the touched data to all of it, as pages read per 1,000 statements.
 */
import { missRatioCurves, poolSizes } from '../../shared/whatif/mrc';
import { startupWords } from '../../shared/whatif/mysql-start';
import type { ReplayStep } from '../../shared/whatif/replay';
import type { ClientCurve, ClientCurveInput } from '../load/client-trace';
import { traceOverFiles } from './traced-run';

/** SHARDS rate for a long trace (a short one is simulated whole, mrc.ts). */
const RATE = 0.1;

export async function clientCurve(input: ClientCurveInput): Promise<ClientCurve> {
  const { layout, trace, fromFiles } = await traceOverFiles(input.stored, input.datadir, input.pageSizeBytes);
  const whole = layout.spaces.reduce((n, s) => n + s.sizePages, 0);
  const from = Math.max(8, Math.floor(whole / 16));
  const asked = (input.alsoAtBytes ?? []).map((b) => Math.round(b / input.pageSizeBytes));
  const range = input.sizesOnly ? [] : poolSizes(from, Math.max(from, Math.ceil(whole * 1.1)), input.points);
  const sizes = [...new Set([...range, ...asked])].sort((x, y) => x - y);
  const steps: ReplayStep[] = [
    { trace, elapsedMs: input.elapsedMs },
    { trace, elapsedMs: input.elapsedMs },
  ];
  const { oldBlocksTimeMs, oldBlocksPct } = input.settings;
  const [c] = missRatioCurves(
    layout,
    input.settings,
    steps,
    sizes,
    [{ oldBlocksTimeMs, oldBlocksPct }],
    RATE,
    { startup: input.startup ?? null },
  );
  const perThousand = (reads: number) => (input.queries > 0 ? (reads * 1000) / input.queries : 0);
  return {
    curve: (c?.points ?? []).map((p) => ({
      poolBytes: p.poolPages * input.pageSizeBytes,
      pagesRead: p.pagesRead,
      perThousandQueries: perThousand(p.pagesRead),
    })),
    assumptions: [
      `the ${input.clients} client(s)' ${trace.length} page requests replayed in the order the server saw them`,
      'replayed on a warm pool: one pass of the same requests first (the step ran on the pool its warm-up filled), then the pass the curve reads',
      `the page links of ${fromFiles} of ${layout.spaces.length} tablespaces read from their files`,
      ...(input.startup ? [startupWords(input.startup)] : []),
    ],
  };
}
