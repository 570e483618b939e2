/**
 * The answer first: its heading (the experiment's question, "innodb_old_blocks_time 1000 against 0"),
 * one line per side against the baseline (or per pair of the question), then which side each letter is
 * and how every ratio is read, each said once.
 */
import { legendText, type SideName } from '../../../../shared/compare/glance';

export function Headline({
  title,
  lines,
  legend,
  ratios,
}: {
  title: string;
  lines: string[];
  legend: SideName[];
  ratios: string;
}) {
  return (
    <section className="panel compare-headline" data-testid="compare-headline">
      <h2 data-testid="compare-headline-title">{title}</h2>
      {lines.map((line, i) => (
        <p key={i} className="headline" data-testid="compare-headline-line">
          {line}
        </p>
      ))}
      {legend.length > 0 && (
        <p className="muted" data-testid="compare-legend">
          {legendText(legend)}
        </p>
      )}
      {ratios && (
        <p className="muted" data-testid="compare-ratios">
          {ratios}
        </p>
      )}
    </section>
  );
}
