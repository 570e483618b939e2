/**
 * The one list of screens. The navigation, the screen shown and the e2e journeys all read it, so a
 * new screen is one entry here (and the import of its component). Groups follow the work: servers
 * and sandboxes, then data, then queries and runs, then experiments, then comparison and reports.
 */
import type { ComponentType } from 'react';
import { CapabilitiesScreen } from '../features/capabilities/components/CapabilitiesScreen';
import { ConnectionsScreen } from '../features/connections/components/ConnectionsScreen';
import { DatasetsScreen } from '../features/datasets/components/DatasetsScreen';
import { SandboxesScreen } from '../features/sandboxes/components/SandboxesScreen';
import { followSandboxEvents } from '../features/sandboxes/stores/sandboxes-store';

/** The steps of the work, in the order the navigation shows them. */
export const SCREEN_GROUPS = [
  { id: 'servers', title: 'Servers' },
  { id: 'data', title: 'Data' },
  { id: 'runs', title: 'Queries and runs' },
  { id: 'experiments', title: 'Experiments' },
  { id: 'results', title: 'Results' },
] as const;

export type ScreenGroup = (typeof SCREEN_GROUPS)[number]['id'];

export interface ScreenEntry {
  /** Stable: the navigation's key, and `nav-<id>` / `<id>-screen` for the e2e journeys. */
  id: string;
  title: string;
  group: ScreenGroup;
  component: ComponentType;
  /** Subscriptions that keep the screen's store live whichever screen is shown; returns the unsubscribe. */
  follow?: () => () => void;
}

export const SCREENS = [
  {
    id: 'sandboxes',
    title: 'Sandboxes',
    group: 'servers',
    component: SandboxesScreen,
    follow: followSandboxEvents,
  },
  { id: 'connections', title: 'Connections', group: 'servers', component: ConnectionsScreen },
  { id: 'capabilities', title: 'Capabilities', group: 'servers', component: CapabilitiesScreen },
  { id: 'datasets', title: 'Datasets', group: 'data', component: DatasetsScreen },
] as const satisfies readonly ScreenEntry[];

export type ScreenId = (typeof SCREENS)[number]['id'];

/** The screens of each group, groups in work order, screens in list order; empty groups left out. */
export function navigationGroups(
  screens: readonly ScreenEntry[] = SCREENS,
): Array<{ id: ScreenGroup; title: string; screens: ScreenEntry[] }> {
  return SCREEN_GROUPS.map((g) => ({ ...g, screens: screens.filter((s) => s.group === g.id) })).filter(
    (g) => g.screens.length > 0,
  );
}

export function screenById(id: string): ScreenEntry {
  return SCREENS.find((s) => s.id === id) ?? SCREENS[0];
}
