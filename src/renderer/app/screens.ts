/**
 * The one list of screens. The navigation, the screen shown and the e2e journeys all read it, so a
 * new screen is one entry here (and the import of its component). Groups follow the work: servers
 * and sandboxes, then data, then queries and runs, then experiments, then comparison and reports.
 */
import type { ComponentType } from 'react';
import { CapabilitiesScreen } from '../features/capabilities/components/CapabilitiesScreen';
import { CompareScreen } from '../features/compare/components/CompareScreen';
import { ConnectionsScreen } from '../features/connections/components/ConnectionsScreen';
import { ExperimentsScreen } from '../features/experiments/components/ExperimentsScreen';
import { followExperimentEvents } from '../features/experiments/stores/experiments-store';
import { DatasetsScreen } from '../features/datasets/components/DatasetsScreen';
import { QueriesScreen } from '../features/queries/components/QueriesScreen';
import { RunsScreen } from '../features/runs/components/RunsScreen';
import { LoadScreen } from '../features/load/components/LoadScreen';
import { followLoadEvents } from '../features/load/stores/load-store';
import { SandboxesScreen } from '../features/sandboxes/components/SandboxesScreen';
import { followSandboxEvents } from '../features/sandboxes/stores/sandboxes-store';
import type { ScreenId } from '../lib/screen-ids';
import type { ScreenGroup } from './screen-groups';

export interface ScreenEntry {
  /** Stable: the navigation's key, and `nav-<id>` / `<id>-screen` for the e2e journeys. */
  id: ScreenId;
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
  { id: 'queries', title: 'Queries', group: 'runs', component: QueriesScreen },
  { id: 'runs', title: 'Runs', group: 'runs', component: RunsScreen },
  { id: 'load', title: 'OLTP load', group: 'runs', component: LoadScreen, follow: followLoadEvents },
  {
    id: 'experiments',
    title: 'Experiments',
    group: 'experiments',
    component: ExperimentsScreen,
    follow: followExperimentEvents,
  },
  { id: 'compare', title: 'Compare and report', group: 'results', component: CompareScreen },
] as const satisfies readonly ScreenEntry[];

export type { ScreenId };

/** Every id in lib/screen-ids.ts has its screen here, once. */
const _everyIdHasAScreen: Exclude<ScreenId, (typeof SCREENS)[number]['id']> extends never ? true : never =
  true;
void _everyIdHasAScreen;

export function screenById(id: string): ScreenEntry {
  return SCREENS.find((s) => s.id === id) ?? SCREENS[0];
}
