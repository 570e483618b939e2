import { describe, expect, it } from 'vitest';
import { flavorLabel, formatBytes, formatMs } from '../../src/shared/format';

describe('formatBytes', () => {
  it('uses binary units and drops useless decimals', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(16 * 1024)).toBe('16 KiB');
    expect(formatBytes(128 * 1024 * 1024)).toBe('128 MiB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GiB');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('formatMs', () => {
  it('keeps about three significant digits and switches to seconds', () => {
    expect(formatMs(0.4213)).toBe('0.42 ms');
    expect(formatMs(12.3456)).toBe('12.3 ms');
    expect(formatMs(245.6)).toBe('246 ms');
    expect(formatMs(1534)).toBe('1.53 s');
  });
});

describe('flavorLabel', () => {
  it('names the flavors as their vendors do', () => {
    expect(flavorLabel('mariadb')).toBe('MariaDB');
    expect(flavorLabel('mysql')).toBe('MySQL');
    expect(flavorLabel('percona')).toBe('Percona Server');
  });
});
