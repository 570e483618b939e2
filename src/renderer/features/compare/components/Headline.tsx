/** The answer first: one line per side against the baseline, then which side each letter is (said once). */
import { legendText, type SideName } from '../../../../shared/compare/glance';

export function Headline({ lines, legend }: { lines: string[]; legend: SideName[] }) {
  return (
    <section className="panel compare-headline" data-testid="compare-headline">
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
    </section>
  );
}
