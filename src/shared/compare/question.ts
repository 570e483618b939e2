/**
 * The experiment's own question, asked of its sides: post 001's preset asks innodb_old_blocks_time 1000
 * against 0, so Compare opens on that pair within one flush method, with the other flush method's pair
 * beside it, never on two flush methods. The question is data (the definition's `question`, a preset
 * sets it); sides are matched on their settings (grouping.ts keeps each side's). Pure: the screen,
 * the CLI and the report ask it the same way.
 */
import type { ExperimentQuestion } from '../experiments/experiments';
import type { RunSide } from '../runs/run-side';
import { compareSides, type MatchKey } from './comparison';
import { headlines } from './glance';

export interface QuestionPair {
  /** Side labels: the side of the question's `against` value (A, the baseline), and the one compared with it. */
  against: string;
  side: string;
  /** What else the pair holds, said once for both: "innodb_flush_method=default"; '' when nothing else varies. */
  within: string;
  /** The question's value as each side names it: "innodb_old_blocks_time=0", "MyISAM", "MySQL 5.5". */
  names: [string, string];
}

export interface AskedQuestion {
  /** "innodb_old_blocks_time 1000 against 0, within each innodb_flush_method". */
  title: string;
  /** The first is the answer's own pair; the others stand beside it, one per other combination. */
  pairs: QuestionPair[];
}

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * The pairs the question makes of these sides, or null when it asks nothing of them: no question, a
 * side without its settings (not a configuration), or a variable that does not vary.
 */
export function askQuestion(
  question: ExperimentQuestion | undefined,
  sides: ReadonlyArray<{ label: string }>,
  settings: ReadonlyMap<string, Record<string, string>>,
): AskedQuestion | null {
  if (!question) return null;
  const own = sides.map((s) => ({ label: s.label, set: settings.get(s.label) }));
  if (own.some((o) => o.set?.[question.variable] === undefined)) return null;
  const value = (o: (typeof own)[number]) => o.set![question.variable]!;
  if (new Set(own.map(value)).size < 2) return null;
  const against = own.some((o) => same(value(o), question.against)) ? question.against! : value(own[0]!);
  // Every other setting that varies is held within a pair: one pair per combination of them.
  const keys = [...new Set(own.flatMap((o) => Object.keys(o.set!)))].filter(
    (k) => k !== question.variable && new Set(own.map((o) => o.set![k])).size > 1,
  );
  const within = (o: (typeof own)[number]) => keys.map((k) => `${k}=${o.set![k] ?? '—'}`).join(' · ');
  // A side's own name for the question's value: its label without what the pair holds.
  const nameOf = (o: (typeof own)[number]) => {
    const held = new Set(keys.map((k) => `${k}=${o.set![k]}`));
    const rest = o.label.split(' · ').filter((part) => !held.has(part));
    return rest.length > 0 ? rest.join(' · ') : `${question.variable}=${value(o)}`;
  };
  const pairs: QuestionPair[] = [];
  for (const context of [...new Set(own.map(within))]) {
    const group = own.filter((o) => within(o) === context);
    const base = group.find((o) => same(value(o), against));
    if (!base) continue;
    for (const o of group)
      if (o !== base)
        pairs.push({ against: base.label, side: o.label, within: context, names: [nameOf(base), nameOf(o)] });
  }
  if (pairs.length === 0) return null;
  return { title: titleOf(question.variable, pairs, keys), pairs };
}

/** "innodb_old_blocks_time 1000 against 0" where both names are the variable's; else "InnoDB against MyISAM". */
function titleOf(variable: string, pairs: readonly QuestionPair[], held: readonly string[]): string {
  const others = [...new Set(pairs.map((p) => p.names[1]))];
  const base = pairs[0]!.names[0];
  const prefix = `${variable}=`;
  const short = [base, ...others].every((n) => n.startsWith(prefix));
  const name = (n: string) => (short ? n.slice(prefix.length) : n);
  const title = `${short ? `${variable} ` : ''}${others.map(name).join(', ')} against ${name(base)}`;
  return held.length > 0 && pairs.length > 1 ? `${title}, within each ${held.join(' and ')}` : title;
}

/**
 * The answer in words, one line per pair, `first` (the pair shown below it) first: "innodb_flush_method=
 * default: innodb_old_blocks_time=1000 is 1.22× slower than innodb_old_blocks_time=0 over 3 queries;
 * ...". Each pair is compared on its own, so a line is about the question's variable alone.
 */
export function questionLines(
  asked: AskedQuestion,
  sides: readonly RunSide[],
  match?: MatchKey,
  first: QuestionPair = asked.pairs[0]!,
): string[] {
  const byLabel = new Map(sides.map((s) => [s.label, s]));
  return [first, ...asked.pairs.filter((p) => p !== first)].flatMap((p) => {
    const [a, b] = [byLabel.get(p.against), byLabel.get(p.side)];
    if (!a || !b) return [];
    const [line] = headlines(compareSides([a, b], match), p.names);
    return line ? [p.within ? `${p.within}: ${line}` : line] : [];
  });
}

/** The pair these chosen sides are, in order (A against B), or null when they are not one of the question's. */
export function chosenPair(asked: AskedQuestion, chosen: readonly string[]): QuestionPair | null {
  if (chosen.length !== 2) return null;
  return asked.pairs.find((p) => p.against === chosen[0] && p.side === chosen[1]) ?? null;
}
