/**
 * docs/architecture.md's two maps of rooms are the lint rule's lists (ROOMS, SHARED_ROOMS in
 * scripts/eslint-main-rooms.mjs), in its order, and each room's "imports today" is what the room's code
 * imports today: a new room or a new arrow between rooms fails here until the map says it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOMS, SHARED_ROOMS, roomOf } from '../../../scripts/eslint-main-rooms.mjs';

const root = join(__dirname, '..', '..', '..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** The rows of the first Markdown table after a heading: each row's cells, header and rule left out. */
function tableAfter(markdown: string, heading: string): string[][] {
  const at = markdown.indexOf(`\n${heading}\n`);
  if (at < 0) return [];
  const lines = markdown.slice(at).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** A room as the map names it: `runs/` → runs. */
const roomName = (cell: string) => cell.replace(/`/g, '').replace(/\/$/, '');

/** The rooms each room of a floor imports today, in the floor's order ("nothing" for none). */
function importsToday(floor: 'main' | 'shared', rooms: string[]): Map<string, string> {
  const walk = (dir: string, out: string[] = []): string[] => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path, out);
      else if (/\.tsx?$/.test(entry)) out.push(path);
    }
    return out;
  };
  const deps = new Map(rooms.map((r) => [r, new Set<string>()]));
  for (const file of walk(join(root, 'src', floor))) {
    const from = roomOf(floor, file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      const to = roomOf(floor, resolve(dirname(file), m[1]!));
      if (from && to && to !== from) deps.get(from)?.add(to);
    }
  }
  const order = (a: string, b: string) => rooms.indexOf(a) - rooms.indexOf(b);
  return new Map(rooms.map((r) => [r, [...deps.get(r)!].sort(order).join(', ') || 'nothing']));
}

describe.each([
  {
    floor: 'shared' as const,
    heading: '### src/shared: the contract, the models, and what both sides compute',
    rooms: SHARED_ROOMS,
  },
  { floor: 'main' as const, heading: '### src/main: the services', rooms: ROOMS },
])("docs/architecture.md's map of src/$floor", ({ floor, heading, rooms }) => {
  const rows = tableAfter(doc, heading);

  it("names the lint rule's rooms, bottom up", () => {
    expect(rows.map((r) => roomName(r[0]!))).toEqual(rooms);
  });

  it('says what each room imports today', () => {
    const today = importsToday(floor, rooms);
    const said = new Map(rows.map((r) => [roomName(r[0]!), r[2]!]));
    const wrong = rooms
      .filter((room) => said.get(room) !== today.get(room))
      .map((room) => `${room}: the map says "${said.get(room)}", the code imports "${today.get(room)}"`);
    expect(wrong).toEqual([]);
  });
});

describe('tableAfter', () => {
  it("reads a heading's first table, without its header", () => {
    const md =
      '\n### A\n\ntext\n\n| room | holds | imports |\n| --- | --- | --- |\n| `x/` | things | nothing |\n\nafter\n';
    expect(tableAfter(md, '### A')).toEqual([['`x/`', 'things', 'nothing']]);
    expect(tableAfter(md, '### B')).toEqual([]);
  });
});
