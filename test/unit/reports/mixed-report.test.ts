/**
 * The mixed preset's report: the one-time-axis SVG shades each scan across the three panels and draws
 * one line per series, and the HTML report puts the headline first, escapes what came from the file and
 * says a side that was not put back.
 */
import { describe, expect, it } from 'vitest';
import { renderMixedHtml } from '../../../src/main/reports/mixed-html';
import { mixedComparison } from '../../../src/shared/compare/mixed-timeline';
import { mixedTimelineSvg } from '../../../src/shared/compare/svg-mixed';
import { result, side } from './mixed-fixture';

const zero = () => side(0, [1, 1, 4, 4, 1, 1], [2000, 4000], [100, 100, 100, 20, 50, 100]);
const thousand = () => side(1000, [1, 1, 2, 2, 1, 1], [2000, 5000], [100, 100, 100, 90, 95, 100]);

describe('the mixed timeline SVG', () => {
  it('shades the scan once across the panels and draws QPS, p99, PRIMARY and k_1', () => {
    const [view] = mixedComparison(result([zero()])).sides;
    const svg = mixedTimelineSvg(view!, 'm1');
    expect(svg.match(/<rect [^>]*fill="#e6e9f0"/g)).toHaveLength(1);
    expect(svg.match(/<polyline /g)).toHaveLength(4);
    expect([...svg.matchAll(/<title>([^<]*)<\/title><\/polyline>/g)].map((m) => m[1])).toEqual([
      'QPS',
      'p99',
      'PRIMARY',
      'k_1',
    ]);
    expect(svg).toContain('<title>Q1.1: 2.00 s</title>');
    expect(svg).toContain('>6 s</text>');
  });

  it('marks a failed scan in its own colour and escapes its label', () => {
    const s = zero();
    s.queries[0] = { ...s.queries[0]!, queryId: 'Q<1>', error: 'killed' };
    const svg = mixedTimelineSvg(mixedComparison(result([s])).sides[0]!, 'm1');
    expect(svg).toContain('fill="#e8b4a8"');
    expect(svg).toContain('Q&lt;1&gt;: 2.00 s (failed)');
    expect(svg).not.toContain('Q<1>');
  });
});

describe('the mixed HTML report', () => {
  it('opens with the headline, then the sides table, then one chart per side', () => {
    const html = renderMixedHtml(result([zero(), thousand()]), { bplabVersion: '9.9', source: 'm.json' });
    const headline = html.indexOf('<p class="headline">With old_blocks_time=1000');
    expect(headline).toBeGreaterThan(0);
    expect(html.indexOf('id="mixed-sides"')).toBeGreaterThan(headline);
    expect(html.match(/<svg id="mixed-side-\d"/g)).toEqual([
      '<svg id="mixed-side-1"',
      '<svg id="mixed-side-2"',
    ]);
    expect(html).not.toContain('NOT put back');
    expect(html).not.toMatch(/<script|https?:\/\//);
  });

  it('says a side whose setting was not put back, and a side that did not complete', () => {
    const s = thousand();
    s.setting.restored = false;
    s.state = 'interrupted';
    s.reason = 'the server went away';
    const html = renderMixedHtml(result([zero(), s]), { bplabVersion: '9.9' });
    expect(html).toContain('old_blocks_time = 1000: the setting was NOT put back');
    expect(html).toContain('old_blocks_time = 1000: interrupted (the server went away)');
  });
});
