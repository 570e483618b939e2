/** Handlers for sandboxes/*. OWNER: sandbox work. */
import type { Handlers } from '../router';
import { notYet } from './not-yet';

export type SandboxHandlers = Pick<
  Handlers,
  | 'sandboxes/list'
  | 'sandboxes/find-binaries'
  | 'sandboxes/create'
  | 'sandboxes/start'
  | 'sandboxes/stop'
  | 'sandboxes/restart'
  | 'sandboxes/delete'
  | 'sandboxes/log'
>;

export function sandboxHandlers(): SandboxHandlers {
  return {
    'sandboxes/list': notYet('sandboxes/list'),
    'sandboxes/find-binaries': notYet('sandboxes/find-binaries'),
    'sandboxes/create': notYet('sandboxes/create'),
    'sandboxes/start': notYet('sandboxes/start'),
    'sandboxes/stop': notYet('sandboxes/stop'),
    'sandboxes/restart': notYet('sandboxes/restart'),
    'sandboxes/delete': notYet('sandboxes/delete'),
    'sandboxes/log': notYet('sandboxes/log'),
  };
}
