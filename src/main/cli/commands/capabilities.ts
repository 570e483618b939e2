/** `bplab connect` and `bplab capabilities`: test a connection, and print what a server lets bplab do. */
import { sandboxIdOf } from '../../../shared/models';
import { AppFailure } from '../../../shared/result';
import { call, dataDirOption, defineCommand } from '../command';
import { formatCapabilityReport } from '../format-report';
import { withPassword } from '../password-prompt';

const target = { profile: { type: 'string' }, sandbox: { type: 'string' }, ...dataDirOption } as const;

export function profileIdFrom(values: { profile?: string; sandbox?: string }): string {
  if (values.profile && values.sandbox)
    throw AppFailure.of('INVALID_ARGUMENT', 'give --profile or --sandbox, not both');
  if (values.sandbox) return `sandbox-${sandboxIdOf(values.sandbox)}`;
  if (values.profile) return values.profile;
  throw AppFailure.of('INVALID_ARGUMENT', 'say which server: --profile ID or --sandbox NAME');
}

export const connectCommand = defineCommand({
  name: 'connect',
  summary: 'test a saved connection (or a sandbox) and print the server version and round trip',
  usage: 'bplab connect (--profile ID | --sandbox NAME) [--data-dir DIR]',
  options: target,
  async run({ values }, ctx) {
    const profileId = profileIdFrom(values);
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const r = await withPassword(profileId, (password) =>
      call(app, 'connections/test', { profileId, ...(password !== undefined ? { password } : {}) }),
    );
    ctx.out(
      `connected: ${r.flavor} ${r.serverVersion} as ${r.currentUser}, round trip ${r.roundTripMs.toFixed(1)} ms, TLS ${
        r.tls.active ? (r.tls.cipher ?? 'on') : 'off'
      }`,
    );
    return 0;
  },
});

export const capabilitiesCommand = defineCommand({
  name: 'capabilities',
  summary: "print a server's capability report: flavor, buffer pool, LRU settings, features and privileges",
  usage: 'bplab capabilities (--profile ID | --sandbox NAME) [--json] [--data-dir DIR]',
  options: { ...target, json: { type: 'boolean' } },
  async run({ values }, ctx) {
    const profileId = profileIdFrom(values);
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const report = await withPassword(profileId, (password) =>
      call(app, 'connections/capabilities', { profileId, ...(password !== undefined ? { password } : {}) }),
    );
    ctx.out(values.json ? JSON.stringify(report, null, 2) : formatCapabilityReport(report));
    return 0;
  },
});
