/**
 * The steps of the work, in the order the navigation shows them, and the navigation built from a
 * list of screens (app/screens.ts holds the list itself).
 */
/** The steps of the work, in the order the navigation shows them. */
export const SCREEN_GROUPS = [
  { id: 'servers', title: 'Servers' },
  { id: 'data', title: 'Data' },
  { id: 'runs', title: 'Queries and runs' },
  { id: 'experiments', title: 'Experiments' },
  { id: 'results', title: 'Results' },
] as const;

export type ScreenGroup = (typeof SCREEN_GROUPS)[number]['id'];

/** What the navigation needs of a screen. */
export interface NavigableScreen {
  id: string;
  title: string;
  group: ScreenGroup;
}

/** The screens of each group, groups in work order, screens in list order; empty groups left out. */
export function navigationGroups<S extends NavigableScreen>(
  screens: readonly S[],
): Array<{ id: ScreenGroup; title: string; screens: S[] }> {
  return SCREEN_GROUPS.map((g) => ({ ...g, screens: screens.filter((s) => s.group === g.id) })).filter(
    (g) => g.screens.length > 0,
  );
}
