/**
 * The screens' ids, apart from their components: navigation and every feature name a screen by id,
 * and only app/screens.ts knows which component each id shows (so no feature imports a screen).
 */
export const SCREEN_IDS = [
  'sandboxes',
  'connections',
  'capabilities',
  'datasets',
  'queries',
  'runs',
  'load',
  'experiments',
  'compare',
] as const;

export type ScreenId = (typeof SCREEN_IDS)[number];
