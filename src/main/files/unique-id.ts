/** Ids of things bplab stores in its data folder (profiles, saved queries), read off their names. */

const MAX_ID_LENGTH = 64;

/** A readable id from a name (a profile's, a saved query's): lower-case letters, digits and dashes, unique among `taken`. */
export function uniqueId(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, MAX_ID_LENGTH - 4)
      .replace(/^-+|-+$/g, '') || 'profile';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) {
    const id = `${base}-${n}`;
    if (!taken.includes(id)) return id;
  }
}
