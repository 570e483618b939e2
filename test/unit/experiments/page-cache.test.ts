import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dropPageCache } from '../../../src/main/experiments/page-cache';

const cachedKb = () => Number(/^Cached:\s+(\d+)/m.exec(readFileSync('/proc/meminfo', 'utf8'))![1]);

describe('dropping the OS page cache', () => {
  it('drops it as root on Linux (this machine), and otherwise says it may not', () => {
    if (process.platform !== 'linux' || process.getuid?.() !== 0) {
      expect(dropPageCache().dropped).toBe(false);
      return;
    }
    // Read a file so something is cached, then drop.
    readFileSync(process.execPath);
    const before = cachedKb();
    expect(dropPageCache()).toEqual({ dropped: true, why: '' });
    expect(cachedKb()).toBeLessThan(before);
  });

  it('says why not, when not root, not Linux, or not allowed', () => {
    expect(dropPageCache({ platform: 'darwin', uid: 0, file: '/x' }).why).toBe(
      'bplab can drop the page cache only on Linux, not darwin',
    );
    expect(dropPageCache({ platform: 'linux', uid: 1000, file: '/x' }).why).toMatch(/not running as root/);
    const refused = dropPageCache({ platform: 'linux', uid: 0, file: '/proc/self/does-not-exist/drop' });
    expect(refused.dropped).toBe(false);
    expect(refused.why).toMatch(/^writing \/proc\/self\/does-not-exist\/drop failed: /);
  });
});
