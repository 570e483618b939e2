/**
 * Which screen is shown, and for which connection profile. Features do not import each other:
 * a sandbox's "Open connection" button just asks to go to the connections screen for its profile, a
 * finished experiment's "Compare" to the comparison for its file, the Runs list's "Compare selected"
 * to the comparison for the runs picked.
 * The ids are lib/screen-ids.ts; the screens themselves are listed once, in app/screens.ts.
 */
import { create } from 'zustand';
import type { ScreenId } from './screen-ids';

export type Screen = ScreenId;

export interface Navigation {
  screen: Screen;
  /** The profile the screen should open, when it was asked for one. */
  profileId: string | null;
  /** The item the screen should open, when it was asked for one (a run's id on the runs screen). */
  itemId: string | null;
  /** The items the screen should take together, when it was asked for several (runs picked to compare). */
  items: string[];
  /** Bumped on every go(), so a screen reacts to being asked twice for the same profile. */
  visit: number;
  go(screen: Screen, profileId?: string | null, itemId?: string | null, items?: string[]): void;
}

export const useNavigation = create<Navigation>()((set) => ({
  screen: 'sandboxes',
  profileId: null,
  itemId: null,
  items: [],
  visit: 0,
  go: (screen, profileId = null, itemId = null, items = []) =>
    set((s) => ({ screen, profileId, itemId, items, visit: s.visit + 1 })),
}));
