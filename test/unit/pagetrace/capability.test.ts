// Where a server cannot be traced, the refusal says the next step: which servers can be, and how to make one.
import { describe, expect, it } from 'vitest';
import { pageTraceReadiness, type PageTraceProbes } from '../../../src/main/pagetrace/capability';

const probes = (symbols: string[]): PageTraceProbes => ({
  uid: () => 0,
  bpftrace: () => '/usr/bin/bpftrace',
  kernelUprobes: () => true,
  symbols: async () => new Set(symbols),
});

// From the probe tables: MySQL 9.7 came with branch servers (issue 42).
const NEXT =
  /bplab traces a sandbox of MySQL 8\.0, MySQL 9\.7, MariaDB 11\.4 or MySQL 5\.6 from a build that keeps its symbols, with bplab running as root: create one on the Sandboxes screen \(or `bplab sandbox create NAME --binary PATH`\) from the MySQL 8\.0\.31, MySQL 9\.7, MariaDB 11\.4\.5 or MySQL 5\.6\.14 that `bash scripts\/install-deps\.sh mysql mysql-9\.7 mariadb-11\.4 mysql-5\.6` puts under ~\/\.cache\/bplab\/servers$/;

describe('a server that cannot be traced', () => {
  it("Debian's MariaDB 10.11: no probe table for it, and what to trace instead", async () => {
    const ready = await pageTraceReadiness(
      probes([]),
      { flavor: 'mariadb', version: '10.11.19' },
      '/usr/sbin/mariadbd',
    );
    expect(ready.ok).toBe(false);
    if (ready.ok) return;
    expect(ready.why).toMatch(/^bplab does not know where mariadb 10\.11\.19 asks for pages\. /);
    expect(ready.why.split('. ')[1]).toMatch(NEXT);
  });

  it('a stripped binary of a traceable version: says it, then the next step', async () => {
    const ready = await pageTraceReadiness(
      probes([]),
      { flavor: 'mariadb', version: '11.4.5' },
      '/usr/sbin/mariadbd',
    );
    expect(ready.ok).toBe(false);
    if (ready.ok) return;
    expect(ready.why).toContain("the server's binary /usr/sbin/mariadbd has no symbols (it was stripped)");
    expect(ready.why.slice(ready.why.indexOf('. ') + 2)).toMatch(NEXT);
  });

  it('a server that is not a bplab sandbox: the same next step', async () => {
    const ready = await pageTraceReadiness(probes([]), { flavor: 'mysql', version: '8.0.31' }, null);
    expect(ready.ok ? '' : ready.why).toMatch(
      /not a bplab sandbox on this machine.*\. bplab traces a sandbox of/,
    );
  });
});
