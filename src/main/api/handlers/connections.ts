/** Handlers for profiles/* and connections/*: thin, the work is in the services. */
import type { CapabilityService } from '../../server/capabilities';
import type { ConnectionService } from '../../db/connections';
import type { ProfileStore } from '../../profiles/profile-store';
import type { SecretStore } from '../../profiles/secrets';
import { AppFailure } from '../../../shared/result';
import type { Handlers } from '../router';

export type ConnectionHandlers = Pick<
  Handlers,
  | 'profiles/list'
  | 'profiles/save'
  | 'profiles/delete'
  | 'profiles/forget-password'
  | 'connections/test'
  | 'connections/test-draft'
  | 'connections/capabilities'
>;

export interface ConnectionHandlerDeps {
  profiles: ProfileStore;
  secrets: SecretStore;
  connections: ConnectionService;
  capabilities: CapabilityService;
}

export function connectionHandlers(deps: ConnectionHandlerDeps): ConnectionHandlers {
  const { profiles, secrets, connections, capabilities } = deps;
  return {
    'profiles/list': async () => {
      const { profiles: list, loadError } = profiles.list();
      return {
        profiles: list.map((p) => ({ ...p, password: secrets.state(p.id) })),
        ...(loadError && { loadError }),
        passwordPersistence: secrets.persistence,
      };
    },
    'profiles/save': async ({ draft, password, rememberPassword }) => {
      const saved = profiles.save(draft);
      if (password !== undefined) secrets.set(saved.id, password, rememberPassword ?? false);
      return saved;
    },
    'profiles/delete': async ({ id }) => {
      const profile = profiles.get(id);
      if (profile.sandboxId) {
        throw AppFailure.of('INVALID_ARGUMENT', `Profile "${profile.name}" belongs to a sandbox.`, {
          hint: 'Delete the sandbox instead; its profile goes with it.',
          details: { profileId: id, sandboxId: profile.sandboxId },
        });
      }
      profiles.delete(id);
      secrets.forget(id);
      return { deleted: id };
    },
    'profiles/forget-password': async ({ id }) => {
      profiles.get(id);
      secrets.forget(id);
      return { id };
    },
    'connections/test': async ({ profileId, password }) => connections.test(profileId, password),
    'connections/test-draft': async ({ draft, password }) => connections.testDraft(draft, password),
    'connections/capabilities': async ({ profileId, password }) => capabilities.report(profileId, password),
  };
}
