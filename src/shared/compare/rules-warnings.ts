/** The findings that come first: the two sides may not answer the same question, or did not finish. */
import { pairTableId } from './anchors';
import { ev, type PairRule } from './finding';

/** Different results: the comparison may be of two different questions. */
export const checksumRule: PairRule = (pair) => {
  if (pair.checksum.same !== false) return [];
  return [
    {
      rule: 'checksum-differs',
      kind: 'warning',
      text: `${pair.a.label} and ${pair.b.label} returned different results (checksum ${pair.checksum.a} against ${pair.checksum.b})`,
      evidence: [
        ev(`checksum, ${pair.a.label}`, pair.checksum.a),
        ev(`checksum, ${pair.b.label}`, pair.checksum.b),
        ev(`rows, ${pair.a.label}`, pair.rows.a),
        ev(`rows, ${pair.b.label}`, pair.rows.b),
      ],
      tableId: pairTableId(pair.id, 'summary'),
      weight: 100,
    },
  ];
};

/** A run that did not complete: its figures cover only what was captured before it stopped. */
export const incompleteRule: PairRule = (pair) =>
  [pair.a, pair.b]
    .filter((s) => s.run.state !== 'complete')
    .map((s) => ({
      rule: 'run-incomplete',
      kind: 'warning' as const,
      text: `${s.label}'s run was ${s.run.state}${s.run.error ? ` (${s.run.error})` : ''}: its figures cover only what was captured before it stopped`,
      evidence: [ev(`state, ${s.label}`, s.run.state)],
      tableId: pairTableId(pair.id, 'summary'),
      weight: 90,
    }));
