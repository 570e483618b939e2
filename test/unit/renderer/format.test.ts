import { describe, expect, it } from 'vitest';
import {
  flavorLabel,
  formatBytes,
  formatCount,
  formatMs,
  formatPercent,
  formatRate,
  formatSigned,
} from '../../../src/renderer/lib/format';

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

describe('counts, changes, shares and rates', () => {
  it('groups thousands and rounds', () => {
    expect(formatCount(6909)).toBe('6,909');
    expect(formatCount(1083172.4)).toBe('1,083,172');
    expect(formatCount(Number.NaN)).toBe('—');
  });
  it('signs a change with a real minus', () => {
    expect(formatSigned(1204)).toBe('+1,204');
    expect(formatSigned(-12)).toBe('−12');
    expect(formatSigned(0)).toBe('0');
    expect(formatSigned(-0.2)).toBe('0');
  });
  it('writes a share of the pool as the post does, with fewer digits for big shares', () => {
    expect(formatPercent(0.843384)).toBe('84.3%');
    expect(formatPercent(0.002075)).toBe('0.21%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(0)).toBe('0%');
  });
  it('writes rates per second', () => {
    expect(formatRate(4850.45)).toBe('4,850/s');
    expect(formatRate(1.05)).toBe('1.1/s');
    expect(formatRate(0)).toBe('0/s');
  });
});
