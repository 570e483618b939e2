/**
 * The one list of server flavors (scripts/flavors.tsv) as each reader sees it: the tests' table, and
 * the bash helpers install-deps.sh and test-all.sh source, which must agree with it row for row.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FLAVORS, readFlavors } from '../../support/flavors';

const bash = (script: string) =>
  execFileSync('bash', ['-c', `source scripts/flavors.sh; ${script}`], { encoding: 'utf8' }).trim();

describe('scripts/flavors.tsv', () => {
  it('names each flavor once, with a basedir for each but the one found on the PATH', () => {
    const labels = FLAVORS.map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toEqual(
      expect.arrayContaining(['mysql-9.7', 'mariadb-11.8', 'mysql-8.0', 'mariadb-10.11']),
    );
    expect(FLAVORS.find((f) => f.label === 'mysql-9.7')).toMatchObject({
      install: 'mysql-9.7',
      basedir: 'mysql-9.7/usr',
      flavor: 'mysql',
      versionPrefix: '9.7.',
      suite: 'full',
    });
    expect(FLAVORS.filter((f) => f.basedir === null).map((f) => f.label)).toEqual(['mariadb-10.11']);
  });

  it('reads the same rows in bash as in the tests', () => {
    expect(bash('flavor_labels').split('\n')).toEqual(FLAVORS.map((f) => f.label));
    expect(bash('flavor_labels suite=subset').split('\n')).toEqual(
      FLAVORS.filter((f) => f.suite === 'subset').map((f) => f.label),
    );
    expect(bash('flavor_labels pagetrace=yes').split('\n')).toEqual(
      FLAVORS.filter((f) => f.pagetrace).map((f) => f.label),
    );
    expect(bash('flavor_field mysql-9.7 basedir')).toBe('mysql-9.7/usr');
    expect(bash('flavor_field mariadb-11.8 whatif')).toBe('no');
  });

  it('refuses a malformed row, naming its line', () => {
    const good = 'mysql-9.7 mysql-9.7 mysql-9.7/usr mysql 9.7. full no yes 625';
    expect(readFlavors(`# c\n${good}\n`)).toHaveLength(1);
    expect(() => readFlavors(`# c\n${good.replace('full', 'most')}\n`)).toThrow(
      /scripts\/flavors.tsv line 2 is not a flavor row/,
    );
    expect(() => readFlavors(`${good} extra`)).toThrow(/line 1/);
    expect(() => readFlavors(good.replace(' 625', ''))).toThrow(/line 1/);
  });
});
