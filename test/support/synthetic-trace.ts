/**
 * A synthetic traced run, deterministic, shaped like a real analytical join's page requests: a fact
 * table's leaves scanned in page order (linear read-ahead fires on it), and per fact page a few
 * lookups through two dimension tables' B-trees (root, internal, leaf: three requests each) with keys
 * drawn skewed (sysbench's pareto, h 0.2) or uniformly, each request at its time over the run. What
 * the sampled curves are checked on against the full simulation (the unit test, bench/whatif-speed.ts).
 */
import { contiguousSpace, type PageLayout, type PageTrace } from '../../src/shared/whatif/trace';

export interface SyntheticRun {
  layout: PageLayout;
  trace: PageTrace;
  elapsedMs: number;
}

/** sfc32, seeded: the same trace on every machine. */
function uniform(seed: number): () => number {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed | 0;
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** sysbench's pareto draw (h 0.2) over [0, n): a fifth of the keys take most of the draws. */
const PARETO_POWER = Math.log(0.2) / Math.log(0.8);

/**
 * About `requests` page requests: the fact table (`factPages` leaves from page 4, the clustered
 * index's root at page 3) scanned `passes` times, each fact page followed by lookups into dimension
 * tables of 2,000 and 20,000 leaves, the larger drawn `skew` (pareto) or uniform.
 */
export function syntheticRun(
  requests: number,
  opts: { factPages?: number; passes?: number; skew?: 'pareto' | 'uniform'; seed?: number } = {},
): SyntheticRun {
  const factPages = opts.factPages ?? 60_000;
  const passes = opts.passes ?? 2;
  const rnd = uniform(opts.seed ?? 7);
  const dims = [2_000, 20_000];
  const layout: PageLayout = {
    indexNames: ['fact/PRIMARY', 'dim_a/PRIMARY', 'dim_b/PRIMARY'],
    spaces: [
      contiguousSpace(11, factPages + 4, 0, 4),
      // Page 3 the root, pages 4..3+internal the internal level, then the leaves.
      ...dims.map((leaves, i) => contiguousSpace(12 + i, leaves + 4 + Math.ceil(leaves / 400), i + 1, 4)),
    ],
  };
  // Lookups per fact page, so that the whole trace makes about `requests`.
  const perPage = Math.max(1, Math.round((requests / (passes * factPages) - 1) / (3 * dims.length)));
  const n = passes * factPages * (1 + 3 * dims.length * perPage);
  const space = new Uint32Array(n);
  const page = new Uint32Array(n);
  const atMs = new Float64Array(n);
  const elapsedMs = Math.max(1000, n / 50_000);
  let k = 0;
  const at = (i: number) => (elapsedMs * i) / n;
  for (let pass = 0; pass < passes; pass++)
    for (let f = 0; f < factPages; f++) {
      space[k] = 0;
      page[k] = 4 + f;
      atMs[k] = at(k);
      k++;
      for (let l = 0; l < perPage; l++)
        dims.forEach((leaves, d) => {
          const draw = d === 1 && opts.skew !== 'uniform' ? Math.pow(rnd(), PARETO_POWER) : rnd();
          const leaf = Math.min(leaves - 1, Math.floor(draw * leaves));
          const internal = Math.ceil(leaves / 400);
          for (const p of [3, 4 + Math.floor(leaf / 400), 4 + internal + leaf]) {
            space[k] = d + 1;
            page[k] = p;
            atMs[k] = at(k);
            k++;
          }
        });
    }
  return { layout, trace: { space, page, atMs, length: n }, elapsedMs };
}
