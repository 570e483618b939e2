/** The navigation, built from the one list of screens, in the order of the work. */
import { describe, expect, it } from 'vitest';
import { navigationGroups, type NavigableScreen } from '../../../src/renderer/app/screen-groups';

const stub = (id: string, group: NavigableScreen['group']): NavigableScreen => ({ id, title: id, group });

describe('screen registry', () => {
  it('groups the screens by step of the work, in the order the work goes', () => {
    const groups = navigationGroups([
      stub('reports', 'results'),
      stub('datasets', 'data'),
      stub('queries', 'runs'),
      stub('sandboxes', 'servers'),
      stub('live', 'runs'),
      stub('experiments', 'experiments'),
      stub('connections', 'servers'),
    ]);
    expect(groups.map((g) => [g.id, g.screens.map((s) => s.id)])).toEqual([
      ['servers', ['sandboxes', 'connections']],
      ['data', ['datasets']],
      ['runs', ['queries', 'live']],
      ['experiments', ['experiments']],
      ['results', ['reports']],
    ]);
  });

  it('leaves out a step with no screen yet', () => {
    expect(navigationGroups([stub('datasets', 'data')]).map((g) => g.id)).toEqual(['data']);
  });
});
