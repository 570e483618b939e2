import { describe, expect, it } from 'vitest';
import {
  flavorLabel,
  formatBytes,
  formatCount,
  formatMs,
  formatRate,
  formatRatio,
  formatShare,
  formatTimestamp,
  formatSettingValue,
  formatSigned,
} from '../../../src/shared/format';

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

describe('formatCount', () => {
  it('groups thousands with commas, as the posts print counters', () => {
    expect(formatCount(191570)).toBe('191,570');
    expect(formatCount(4824154)).toBe('4,824,154');
    expect(formatCount(17)).toBe('17');
    expect(formatCount(-2054952)).toBe('-2,054,952');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatRatio', () => {
  it('keeps two significant digits near 1 and one decimal above 2', () => {
    expect(formatRatio(191570 / 38961)).toBe('4.9×');
    expect(formatRatio(33.94 / 22.54)).toBe('1.51×');
    expect(formatRatio(0.5)).toBe('0.50×');
    expect(formatRatio(123.4)).toBe('123×');
    expect(formatRatio(Number.NaN)).toBe('—');
  });
});

describe('formatShare', () => {
  it('prints a share of the pool as a percentage', () => {
    expect(formatShare(6909 / 8192)).toBe('84.3%');
    expect(formatShare(17 / 8192)).toBe('0.21%');
    expect(formatShare(0)).toBe('0.0%');
  });
});

describe('formatTimestamp', () => {
  it('writes every instant as "YYYY-MM-DD HH:MM:SS UTC", whatever offset it came with', () => {
    expect(formatTimestamp('2026-11-23T05:12:33.456Z')).toBe('2026-11-23 05:12:33 UTC');
    expect(formatTimestamp('2026-11-23T06:12:33+01:00')).toBe('2026-11-23 05:12:33 UTC');
  });
  it('says "—" for no time, and keeps text that is not a time as it is', () => {
    expect(formatTimestamp(null)).toBe('—');
    expect(formatTimestamp('')).toBe('—');
    expect(formatTimestamp('yesterday-ish')).toBe('yesterday-ish');
  });
});

describe('signed changes and rates', () => {
  it('signs a change with a real minus', () => {
    expect(formatSigned(1204)).toBe('+1,204');
    expect(formatSigned(-12)).toBe('−12');
    expect(formatSigned(0)).toBe('0');
    expect(formatSigned(-0.2)).toBe('0');
  });
  it('writes rates per second', () => {
    expect(formatRate(4850.45)).toBe('4,850/s');
    expect(formatRate(1.05)).toBe('1.1/s');
    expect(formatRate(0)).toBe('0/s');
  });
});

describe('a setting put back, in words', () => {
  it('says a size in MiB or GiB, anything else as the server said it', () => {
    expect(formatSettingValue('innodb_buffer_pool_size', '268435456')).toBe('256 MiB');
    expect(formatSettingValue('key_buffer_size', '1073741824')).toBe('1 GiB');
    expect(formatSettingValue('innodb_old_blocks_time', '1000')).toBe('1000');
    expect(formatSettingValue('innodb_flush_method', 'O_DIRECT')).toBe('O_DIRECT');
    expect(formatSettingValue('innodb_buffer_pool_size', null)).toBe('DEFAULT');
  });
});
