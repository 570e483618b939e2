/**
 * A sandbox's pool resize decided: the spec written first, online where the server can and settles on
 * the size, a restart where it cannot or settles elsewhere, the old spec put back when the server
 * cannot start with the size, and sizes the server cannot take refused in words before anything.
 * (test/integration/trace-cli.test.ts resizes real servers.)
 */
import { describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../../../src/shared/models';
import { AppFailure } from '../../../src/shared/result';
import type { SandboxMeta } from '../../../src/main/sandbox/sandbox-folder';
import { resizeSandbox, resizesOnline, type ResizeSteps } from '../../../src/main/sandbox/sandbox-resize';

const meta = (flavor: 'mysql' | 'mariadb', version: string): SandboxMeta =>
  ({ id: 's1', name: 's1', flavor, version, spec: { bufferPoolSize: '16M' } }) as unknown as SandboxMeta;

function steps(over: Partial<ResizeSteps> & { settles?: number | Error } = {}) {
  const specs: string[] = [];
  let restarts = 0;
  const s: ResizeSteps = {
    meta: meta('mysql', '8.0.31'),
    running: true,
    writeSpec: (size) => void specs.push(size),
    info: () => ({ name: 's1' }) as SandboxInfo,
    online: {
      resize: async (_m, bytes) => {
        if (over.settles instanceof Error) throw over.settles;
        return over.settles ?? bytes;
      },
      cannotOnline: (e) => e instanceof AppFailure && e.error.code === 'FEATURE_MISSING',
    },
    restart: async () => {
      restarts++;
      return { name: 's1' } as SandboxInfo;
    },
    ...over,
  };
  return { s, specs, restarts: () => restarts };
}

describe('a sandbox resize', () => {
  it('resizes online where the server settles on the size, the spec written first', async () => {
    const t = steps();
    const r = await resizeSandbox(t.s, '64M');
    expect(r.how).toBe('online');
    expect(t.specs).toEqual(['64M']);
    expect(t.restarts()).toBe(0);
    expect(r.message).toBe(
      'Sandbox "s1" resized its buffer pool online to 64M, and keeps it across restarts.',
    );
  });

  it('restarts where the server settled elsewhere (MySQL rounds to its chunks) or cannot resize online', async () => {
    const rounded = steps({ settles: 32 << 20 });
    const r = await resizeSandbox(rounded.s, '24M');
    expect(r.how).toBe('restart');
    expect(r.message).toContain('online the server settled on 32M, not 24M');
    expect(rounded.restarts()).toBe(1);
    const refused = steps({ settles: AppFailure.of('FEATURE_MISSING', 'no') });
    expect((await resizeSandbox(refused.s, '64M')).how).toBe('restart');
    const old = steps({ meta: meta('mysql', '5.6.14') });
    expect((await resizeSandbox(old.s, '64M')).message).toContain(
      'mysql 5.6.14 cannot resize its buffer pool online',
    );
  });

  it('only writes the spec of a stopped sandbox', async () => {
    const t = steps({ running: false });
    const r = await resizeSandbox(t.s, '64M');
    expect(r.how).toBe('spec');
    expect(r.message).toBe('Sandbox "s1" is stopped: it will start with a buffer pool of 64M.');
    expect(t.restarts()).toBe(0);
  });

  it('puts the old spec back when the server cannot start with the size', async () => {
    let first = true;
    const t = steps({
      settles: AppFailure.of('FEATURE_MISSING', 'no'),
      restart: async () => {
        if (first) {
          first = false;
          throw AppFailure.of('SANDBOX_FAILED', 'mysqld exited: Cannot allocate memory.');
        }
        return { name: 's1' } as SandboxInfo;
      },
    });
    await expect(resizeSandbox(t.s, '64M')).rejects.toThrow(
      'Sandbox "s1" could not start with a buffer pool of 64M: mysqld exited: Cannot allocate memory. It is back on 16M.',
    );
    expect(t.specs).toEqual(['64M', '16M']);
  });

  it('refuses a size the server cannot take, in words, before writing anything', async () => {
    const t = steps({ meta: meta('mariadb', '11.4.5') });
    await expect(resizeSandbox(t.s, '4M')).rejects.toThrow(
      /Sandbox "s1" cannot take it: a buffer pool of 4M is below MariaDB 11\.4\.5's minimum innodb_buffer_pool_size of 6M/,
    );
    await expect(resizeSandbox(t.s, '64Q')).rejects.toThrow(/"64Q" is not a buffer pool size/);
    expect(t.specs).toEqual([]);
  });

  it('knows which servers resize online: MySQL 5.7.5+, MariaDB 10.2.2+', () => {
    expect(resizesOnline({ flavor: 'mysql', version: '5.7.22' })).toBe(true);
    expect(resizesOnline({ flavor: 'mysql', version: '5.6.14' })).toBe(false);
    expect(resizesOnline({ flavor: 'mariadb', version: '10.11.19' })).toBe(true);
    expect(resizesOnline({ flavor: 'mariadb', version: '10.1.48' })).toBe(false);
  });
});
