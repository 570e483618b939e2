/** Templates of initialised data folders: kept once per binary, copied whole without auto.cnf, keyed by the binary as it is on disk. */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerBinary } from '../../../src/shared/models';
import { DatadirTemplates, templateKey } from '../../../src/main/sandbox/datadir-templates';

const root = mkdtempSync(join(tmpdir(), 'bplab-templates-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fakeBinary(name: string): ServerBinary {
  const path = join(root, name);
  writeFileSync(path, 'not a server');
  return { path, flavor: 'mysql', version: '8.0.31', basedir: root } as ServerBinary;
}

function initialised(dir: string): string {
  mkdirSync(join(dir, 'mysql'), { recursive: true });
  writeFileSync(join(dir, 'ibdata1'), 'pages');
  writeFileSync(join(dir, 'mysql', 'user.ibd'), 'root');
  writeFileSync(join(dir, 'auto.cnf'), '[auto]\nserver-uuid=11111111-2222');
  return dir;
}

describe('DatadirTemplates', () => {
  it('has nothing to copy before one is kept, then copies the whole folder but auto.cnf', () => {
    const templates = new DatadirTemplates(join(root, 't1'));
    const binary = fakeBinary('mysqld-a');
    expect(templates.copyInto(binary, join(root, 'never'))).toBe(false);
    templates.keep(binary, initialised(join(root, 'made')));
    const copy = join(root, 'copy');
    expect(templates.copyInto(binary, copy)).toBe(true);
    expect(readdirSync(copy).sort()).toEqual(['ibdata1', 'mysql']);
    expect(readFileSync(join(copy, 'mysql', 'user.ibd'), 'utf8')).toBe('root');
  });

  it('keeps the first template of a binary: a second keep leaves it as it was, with no half copy beside it', () => {
    const dir = join(root, 't2');
    const templates = new DatadirTemplates(dir);
    const binary = fakeBinary('mysqld-b');
    templates.keep(binary, initialised(join(root, 'first')));
    const second = initialised(join(root, 'second'));
    writeFileSync(join(second, 'ibdata1'), 'other pages');
    templates.keep(binary, second);
    expect(readdirSync(dir)).toEqual([templateKey(binary)]);
    const copy = join(root, 'copy2');
    templates.copyInto(binary, copy);
    expect(readFileSync(join(copy, 'ibdata1'), 'utf8')).toBe('pages');
  });

  it('gives a binary changed in place (another size or time) another key', () => {
    const binary = fakeBinary('mysqld-c');
    const before = templateKey(binary);
    expect(templateKey(binary)).toBe(before);
    utimesSync(binary.path, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(templateKey(binary)).not.toBe(before);
    expect(templateKey({ ...binary, version: '8.0.32' })).not.toBe(templateKey(binary));
  });
});
