/**
 * A chart drawn by the report's own SVG drawer (shared/compare/svg.ts) from a shared view-model, so the
 * screen, the HTML report and the PNG show one picture. The SVG's text is escaped by the drawer.
 */
import { useState } from 'react';
import { downloadDataUrl, svgToPngDataUrl } from '../utils/png';

export function SvgChart({ svg, name, testId }: { svg: string; name: string; testId: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const savePng = async () => {
    setProblem(null);
    try {
      downloadDataUrl(await svgToPngDataUrl(svg), `${name}.png`);
    } catch (e) {
      setProblem(`Cannot save the PNG: ${(e as Error).message}.`);
    }
  };
  return (
    <figure className="compare-chart" data-testid={testId}>
      <div className="compare-chart-svg" dangerouslySetInnerHTML={{ __html: svg }} />
      <figcaption className="toolbar">
        <button type="button" data-testid={`${testId}-png`} onClick={() => void savePng()}>
          Save as PNG
        </button>
        {problem && <span className="error-inline">{problem}</span>}
      </figcaption>
    </figure>
  );
}
