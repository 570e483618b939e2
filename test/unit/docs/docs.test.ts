/**
 * The README and docs/ as a newcomer meets them: every relative link and picture points to a file that
 * exists, every page in docs/ is linked from the README, and the README stays short with the test
 * command (which CI runs through .ci/run) in its first code block.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');

/** The targets of a Markdown text's inline links and pictures, and of its reference definitions, outside code. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1]!,
  );
  const defined = [...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...defined];
}

/** The relative links of a Markdown file (path from the repository's root) whose file is missing. */
function brokenLinks(file: string, markdown: string, exists: (path: string) => boolean): string[] {
  return linkTargets(markdown)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => join(dirname(file), decodeURI(target.split('#')[0]!)))
    .filter((path) => !exists(path))
    .map((path) => `${file} links to ${path}, which does not exist`);
}

const docs = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const pages = ['README.md', ...docs];
const text = (file: string) => readFileSync(join(root, file), 'utf8');
const onDisk = (path: string) => existsSync(join(root, path));

describe('brokenLinks', () => {
  it('names a relative link or picture whose file is missing, and passes the others', () => {
    const markdown = [
      'See [the CLI](cli.md#start-here), [gone](missing.md) and ![a picture](pics/shot.png).',
      '[the site](https://example.com) and [a heading](#top) are not files.',
      '`[code](nothere.md)` is code, and so is this block:',
      '```md',
      '[also code](nothere2.md)',
      '```',
      '[ref]: ../README.md',
    ].join('\n');
    const exists = (path: string) => ['docs/cli.md', 'README.md'].includes(path);
    expect(brokenLinks('docs/page.md', markdown, exists)).toEqual([
      'docs/page.md links to docs/missing.md, which does not exist',
      'docs/page.md links to docs/pics/shot.png, which does not exist',
    ]);
  });
});

describe('the README and docs/', () => {
  it('link only to files that exist', () => {
    expect(pages.flatMap((file) => brokenLinks(file, text(file), onDisk))).toEqual([]);
  });

  it('link every page in docs/ from the README', () => {
    const linked = new Set(
      linkTargets(text('README.md')).map((target) => relative('.', target.split('#')[0]!)),
    );
    expect(docs.filter((doc) => !linked.has(doc))).toEqual([]);
  });

  it('each open with a title, then one line saying what the page is', () => {
    const openings = docs.filter((doc) => !/^# .+\n\n[^#\s-].*\n\n/.test(text(doc)));
    expect(openings).toEqual([]);
  });

  it('keep the README at most 160 lines', () => {
    expect(text('README.md').split('\n').length).toBeLessThanOrEqual(160);
  });

  it("put the test command CI runs (.ci/run) in the README's first code block", () => {
    const first = /^```[^\n]*\n([\s\S]*?)^```/m.exec(text('README.md'))?.[1] ?? '';
    expect(first).toContain('bash scripts/test-all.sh');
    expect(text('.ci/run')).toContain('bash scripts/test-all.sh');
  });
});
