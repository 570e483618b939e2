/**
 * The HTML report never breaks a word in the middle ("innodb_flush_me thod"): a long name wraps between
 * its parts, at a <wbr> after an underscore, an = or a slash; only a part still too long for any column
 * (a checksum) may break anywhere.
 */
import { describe, expect, it } from 'vitest';
import { HTML_CSS, htmlTable } from '../../../src/main/reports/html';
import type { ReportTable } from '../../../src/shared/compare/report-table';

const settings: ReportTable = {
  id: 'settings',
  title: 'Settings',
  columns: [
    { label: 'setting', numeric: false },
    { label: 'innodb_old_blocks_time=0 · innodb_flush_method=default', numeric: false },
    { label: 'time', numeric: true },
  ],
  rows: [
    [
      { text: 'innodb_flush_method', value: 'innodb_flush_method' },
      { text: 'innodb_flush_method=O_DIRECT', value: 'x', differs: true },
      { text: '1.22 s', value: 1.22 },
    ],
    [
      { text: 'checksum', value: 'checksum' },
      { text: 'sha256:5b2f0c9e4a7d1f3b8c6e2a9d0f4b7c1e', value: 'x' },
      { text: '12.5 s', value: 12.5 },
    ],
  ],
};

describe('the HTML report’s words', () => {
  const html = htmlTable(settings);

  it('puts a break opportunity between the parts of a long name, and none inside a word or number', () => {
    expect(html).toContain('<td class="differs">innodb_<wbr>flush_<wbr>method=<wbr>O_<wbr>DIRECT</td>');
    expect(html).toContain('<td>innodb_<wbr>flush_<wbr>method</td>');
    expect(html).toContain(
      '<th scope="col">innodb_<wbr>old_<wbr>blocks_<wbr>time=<wbr>0 · innodb_<wbr>flush_<wbr>method=<wbr>default</th>',
    );
    expect(html).toContain('<td class="num">1.22 s</td>');
  });

  it('lets only a part too long for any column break anywhere (a checksum), never a name', () => {
    expect(html).toContain('<td class="wrap">sha256:<wbr>5b2f0c9e4a7d1f3b8c6e2a9d0f4b7c1e</td>');
    expect(html).not.toMatch(/class="[^"]*wrap[^"]*">innodb_/);
  });

  it('styles no cell or block to break words mid-word outside .wrap', () => {
    expect(HTML_CSS).not.toMatch(/break-all/);
    expect(HTML_CSS).not.toMatch(/word-break:\s*break-word/);
    const anywhere = HTML_CSS.split('\n').filter((l) => l.includes('anywhere'));
    expect(anywhere).toHaveLength(1);
    expect(anywhere[0]).toMatch(/\.wrap \{ overflow-wrap: anywhere;/);
  });
});
