/** Number formatting shared by every screen, the CLI and the reports. */

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 134217728 → "128 MiB"; 1536 → "1.5 KiB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '—';
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text =
    unit === 0 || Number.isInteger(value)
      ? String(value)
      : value.toFixed(value < 10 ? 2 : 1).replace(/\.?0+$/, '');
  return `${text} ${UNITS[unit]}`;
}

/**
 * A server setting's value in words: a size (a variable named *_size, a whole number of bytes) in
 * KiB/MiB/GiB ("innodb_buffer_pool_size", 268435456 → "256 MiB"), anything else as the server said it.
 */
export function formatSettingValue(variable: string, value: string | null): string {
  if (value === null) return 'DEFAULT';
  return /_size$/i.test(variable) && /^\d+$/.test(value) ? formatBytes(Number(value)) : value;
}

/** 0.42 → "0.42 ms"; 12.3456 → "12.3 ms"; 1534 → "1.53 s". */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms >= 1000) return `${trim(ms / 1000)} s`;
  return `${trim(ms)} ms`;
}

function trim(n: number): string {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

/** A switch as the server spells it: true → "ON"; not recorded → "—". */
export function formatSwitch(on: boolean | undefined): string {
  return on === undefined ? '—' : on ? 'ON' : 'OFF';
}

/** 191570 → "191,570"; counts are whole, so fractions are rounded. */
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '—';
  // One formatter for every call: toLocaleString builds a new one each time, which a large comparison feels.
  return COUNT.format(Math.round(n));
}

/** 4.917 → "4.9×"; 1.004 → "1.00×"; 123.4 → "123×": two significant digits at least. */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  return `${ratio.toFixed(ratio >= 100 ? 0 : ratio >= 2 ? 1 : 2)}×`;
}

/** 0.843384 → "84.3%"; shares of a whole, 0..1. */
export function formatShare(share: number): string {
  if (!Number.isFinite(share)) return '—';
  const pct = share * 100;
  return `${pct >= 10 || pct === 0 ? pct.toFixed(1) : pct.toFixed(2)}%`;
}

const FLAVORS: Record<string, string> = { mysql: 'MySQL', mariadb: 'MariaDB', percona: 'Percona Server' };

/** 'mariadb' → "MariaDB". */
export function flavorLabel(flavor: string): string {
  return FLAVORS[flavor] ?? flavor;
}

/**
 * An ISO instant → "2026-11-23 05:12:33 UTC": one form for every time bplab shows, to the second,
 * in UTC so that times read in the UI, the CLI and a report agree. Null → "—"; text that is not
 * an instant is shown as it is.
 */
export function formatTimestamp(iso: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A signed change, with a real minus sign: 12 → "+12"; -3 → "−3"; 0 → "0". */
export function formatSigned(n: number): string {
  if (!Number.isFinite(n)) return '—';
  const text = formatCount(Math.abs(n));
  if (text === '0') return '0';
  return n > 0 ? `+${text}` : `−${text}`;
}

/** A rate per second: 4850.45 → "4,850/s"; 1.05 → "1.1/s"; 0 → "0/s". */
export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond)) return '—';
  const text = Math.abs(perSecond) >= 100 ? formatCount(perSecond) : String(Number(perSecond.toFixed(1)));
  return `${text}/s`;
}

/** Elapsed or remaining time as a clock: 41 → "0:41"; 150 → "2:30"; 3900 → "1:05:00" (the CLI and the screens). */
export function formatClock(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
