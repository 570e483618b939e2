/**
 * The steps of the work, in the order the navigation shows them, and the navigation built from a
 * list of screens (app/screens.ts holds the list itself). The steps are shared with the Go menu.
 */
import { WORK_STEPS, type WorkStep } from '../../shared/app/commands';

/** The steps of the work, in the order the navigation shows them. */
export const SCREEN_GROUPS = WORK_STEPS;

export type ScreenGroup = WorkStep;

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
  return SCREEN_GROUPS.map((g) => ({
    id: g.id,
    title: g.title,
    screens: screens.filter((s) => s.group === g.id),
  })).filter((g) => g.screens.length > 0);
}

/** The first screen of a step (where its Go command leads), or null while the step has none. */
export function firstScreenOf<S extends NavigableScreen>(screens: readonly S[], step: ScreenGroup): S | null {
  return screens.find((s) => s.group === step) ?? null;
}
