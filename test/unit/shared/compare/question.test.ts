/**
 * The experiment's question asked of its sides: post 001's preset (innodb_old_blocks_time 1000 and 0,
 * each through the OS page cache and with O_DIRECT) opens on 1000 against 0 within one flush method,
 * the other flush method's pair beside it, never on the two flush methods; post 003's on InnoDB
 * against MyISAM. Without a question, or one its sides cannot answer, nothing is asked.
 */
import { describe, expect, it } from 'vitest';
import { experimentSides } from '../../../../src/shared/compare/experiment-sides';
import { askQuestion, chosenPair, questionLines } from '../../../../src/shared/compare/question';
import { referenceExperiment } from '../../../support/reference-fixture';
import { groupResults } from '../../../../src/shared/compare/grouping';
import type { ExperimentResult } from '../../../../src/shared/experiments/experiment-file';
import { lineorderFirstOb0, lineorderFirstOb1000 } from '../../../support/post001';

const POST001 = { variable: 'innodb_old_blocks_time', against: '0' };
const OB = (t: string, flush: string) => `innodb_old_blocks_time=${t} · innodb_flush_method=${flush}`;

describe("post 001's preset asks innodb_old_blocks_time 1000 against 0", () => {
  const file = referenceExperiment([], POST001);
  const grouped = experimentSides(file.results);

  it('pairs 0 (A) with 1000 (B) within each flush method, the server’s own first', () => {
    // The plan's order puts the two flush methods of 1000 first: the old first-two choice.
    expect(grouped.sides.map((s) => s.label).slice(0, 2)).toEqual([
      OB('1000', 'default'),
      OB('1000', 'O_DIRECT'),
    ]);
    const asked = askQuestion(file.definition.question, grouped.sides, grouped.settings);
    expect(asked?.title).toBe('innodb_old_blocks_time 1000 against 0, within each innodb_flush_method');
    expect(asked?.pairs).toEqual([
      {
        against: OB('0', 'default'),
        side: OB('1000', 'default'),
        within: 'innodb_flush_method=default',
        names: ['innodb_old_blocks_time=0', 'innodb_old_blocks_time=1000'],
      },
      {
        against: OB('0', 'O_DIRECT'),
        side: OB('1000', 'O_DIRECT'),
        within: 'innodb_flush_method=O_DIRECT',
        names: ['innodb_old_blocks_time=0', 'innodb_old_blocks_time=1000'],
      },
    ]);
  });

  it('answers 1000 against 0 first, the other flush method beside it, and no flush-method pair', () => {
    const asked = askQuestion(file.definition.question, grouped.sides, grouped.settings)!;
    const lines = questionLines(asked, grouped.sides, (run) => grouped.keys.get(run));
    // Q1.1 and Q1.2, the median of cold and run 1: 4.5 + 3.25 s against 4 + 3 s (default), 8 + 6 against 6 + 5 (O_DIRECT).
    expect(lines).toEqual([
      'innodb_flush_method=default: innodb_old_blocks_time=1000 is 1.11× slower than innodb_old_blocks_time=0 over 2 queries; innodb_old_blocks_time=1000 read 1.50× as many pages into the pool',
      'innodb_flush_method=O_DIRECT: innodb_old_blocks_time=1000 is 1.27× slower than innodb_old_blocks_time=0 over 2 queries; innodb_old_blocks_time=1000 read 1.50× as many pages into the pool',
    ]);
    for (const line of lines) expect(line).not.toMatch(/O_DIRECT is|the time is inside the server/);
    // The pair shown below the headline leads it.
    const direct = asked.pairs[1]!;
    expect(chosenPair(asked, [direct.against, direct.side])).toBe(direct);
    expect(questionLines(asked, grouped.sides, undefined, direct)[0]).toMatch(
      /^innodb_flush_method=O_DIRECT: /,
    );
    expect(chosenPair(asked, [direct.side, direct.against])).toBeNull();
    expect(chosenPair(asked, [OB('1000', 'default'), OB('1000', 'O_DIRECT')])).toBeNull();
  });

  it('asks nothing without a question, or of a variable the sides do not vary', () => {
    expect(askQuestion(undefined, grouped.sides, grouped.settings)).toBeNull();
    expect(askQuestion({ variable: 'innodb_old_blocks_pct' }, grouped.sides, grouped.settings)).toBeNull();
    // Sides that are not configurations (grouped by query) have no settings to ask.
    const byQuery = groupResults(file.results, 'query');
    expect(askQuestion(POST001, byQuery.sides, byQuery.settings)).toBeNull();
  });

  it('takes the first value as A when its `against` is not among the sides', () => {
    const asked = askQuestion(
      { variable: 'innodb_old_blocks_time', against: '500' },
      grouped.sides,
      grouped.settings,
    );
    expect(asked?.title).toBe('innodb_old_blocks_time 0 against 1000, within each innodb_flush_method');
  });
});

describe("post 003's preset asks InnoDB against MyISAM", () => {
  const result = (
    planIndex: number,
    cell: string,
    engine: 'InnoDB' | 'MyISAM',
    schema: string,
  ): ExperimentResult => ({
    planIndex,
    cell,
    pass: { kind: 'cold' },
    counted: true,
    cold: null,
    run: {
      ...(engine === 'InnoDB' ? lineorderFirstOb1000() : lineorderFirstOb0()),
      dataset: { schema, sf: 0.1, source: 'generated', engine },
    },
  });

  it('names the sides by engine, MyISAM as A: every ratio is InnoDB over MyISAM, as the post’s', () => {
    const g = groupResults([
      result(0, 'MariaDB 10.11 · dataset=ssb_sf0_1', 'InnoDB', 'ssb_sf0_1'),
      result(1, 'MariaDB 10.11 · dataset=ssb_sf0_1_myisam', 'MyISAM', 'ssb_sf0_1_myisam'),
    ]);
    const asked = askQuestion({ variable: 'dataset', against: 'ssb_sf0_1_myisam' }, g.sides, g.settings);
    expect(asked?.title).toBe('InnoDB against MyISAM');
    expect(asked?.pairs).toEqual([
      { against: 'MyISAM', side: 'InnoDB', within: '', names: ['MyISAM', 'InnoDB'] },
    ]);
    expect(questionLines(asked!, g.sides)[0]).toMatch(/^InnoDB is 4\.3× slower than MyISAM over 1 query/);
  });
});
