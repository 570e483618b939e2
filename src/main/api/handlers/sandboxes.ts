/** Handlers for sandboxes/*: thin calls into SandboxService. */
import { findBinaries } from '../../sandbox/server-binaries';
import type { SandboxService } from '../../sandbox/sandboxes';
import type { Handlers } from '../router';

export type SandboxHandlers = Pick<
  Handlers,
  | 'sandboxes/list'
  | 'sandboxes/find-binaries'
  | 'sandboxes/create'
  | 'sandboxes/start'
  | 'sandboxes/stop'
  | 'sandboxes/restart'
  | 'sandboxes/delete'
  | 'sandboxes/resize'
  | 'sandboxes/log'
>;

export function sandboxHandlers(sandboxes: SandboxService): SandboxHandlers {
  return {
    'sandboxes/list': () => sandboxes.list(),
    'sandboxes/find-binaries': ({ basedir }) => findBinaries(basedir ? { basedir } : {}),
    'sandboxes/create': async ({ spec, start, keepFailed }) =>
      sandboxes.beginCreate(spec, { start, keepFailed }),
    'sandboxes/start': async ({ id }) => sandboxes.beginStart(id),
    'sandboxes/stop': ({ id, force }) => sandboxes.stop(id, { force }),
    'sandboxes/restart': ({ id, options }) => sandboxes.restart(id, options ? { options } : {}),
    'sandboxes/delete': ({ id }) => sandboxes.delete(id),
    'sandboxes/resize': ({ id, bufferPoolSize }) => sandboxes.resize(id, bufferPoolSize),
    'sandboxes/log': ({ id, maxBytes }) => sandboxes.log(id, maxBytes),
  };
}
