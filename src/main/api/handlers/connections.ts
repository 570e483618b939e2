/** Handlers for profiles/* and connections/*. OWNER: connections work. */
import type { Handlers } from '../router';
import { notYet } from './not-yet';

export type ConnectionHandlers = Pick<
  Handlers,
  | 'profiles/list'
  | 'profiles/save'
  | 'profiles/delete'
  | 'profiles/forget-password'
  | 'connections/test'
  | 'connections/capabilities'
>;

export function connectionHandlers(): ConnectionHandlers {
  return {
    'profiles/list': notYet('profiles/list'),
    'profiles/save': notYet('profiles/save'),
    'profiles/delete': notYet('profiles/delete'),
    'profiles/forget-password': notYet('profiles/forget-password'),
    'connections/test': notYet('connections/test'),
    'connections/capabilities': notYet('connections/capabilities'),
  };
}
