/**
 * A load's numbers as a person types them (the load screen's form, an experiment's load step), each
 * read and, when wrong, said in words naming the field: one reading for both screens.
 */

/** A whole number from min to max, or what is wrong with it in words. */
export function wholeField(label: string, text: string, min: number, max: number): number | string {
  const n = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || n < min || n > max)
    return `${label} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, not "${text}".`;
  return n;
}

/** "1, 4,16" → [1, 4, 16]: client counts separated by commas (one step each), or what is wrong in words. */
export function clientCountsField(text: string): number[] | string {
  const clients: number[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const n = wholeField('Each client count', part, 1, 4096);
    if (typeof n === 'string') return `Clients takes counts separated by commas, e.g. 1,4,16: ${n}`;
    clients.push(n);
  }
  return clients;
}

/** Seconds from min to max, a fraction allowed ("0.5"), or what is wrong in words. */
export function secondsField(label: string, text: string, min: number, max: number): number | string {
  const n = Number(text.trim());
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || n < min || n > max)
    return `${label} must be from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, not "${text}".`;
  return n;
}
