/** The query catalogue as screens list it: grouped by flight, in catalogue order (Queries, Experiments). */
import type { CatalogueQuery } from '../../shared/runs/runs';

export interface FlightGroup {
  flight: string;
  queries: CatalogueQuery[];
}

/** Flights in the order the catalogue first names them, SSB before the user's own. */
export function groupByFlight(queries: readonly CatalogueQuery[]): FlightGroup[] {
  const groups = new Map<string, CatalogueQuery[]>();
  const ordered = [...queries].sort((a, b) => (a.source === b.source ? 0 : a.source === 'ssb' ? -1 : 1));
  for (const q of ordered) groups.set(q.flight, [...(groups.get(q.flight) ?? []), q]);
  return [...groups.entries()].map(([flight, list]) => ({ flight, queries: list }));
}
