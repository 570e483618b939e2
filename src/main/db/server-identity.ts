/**
 * Which server this is, from what it says about itself. One function, so the connection test and
 * the capability report never disagree about a server's flavor or version.
 */
import type { ServerFlavor, ServerIdentity } from '../../shared/models';

/** @param versionString @@version, e.g. "10.11.19-MariaDB-0+deb12u1" or "8.0.31" @param versionComment @@version_comment */
export function identifyServer(versionString: string, versionComment: string): ServerIdentity {
  // Old MariaDB replication handshakes prefix "5.5.5-"; @@version does not, but be safe.
  const bare = versionString.replace(/^5\.5\.5-(?=\d+\.\d+\.\d+-MariaDB)/i, '');
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(bare);
  const [major, minor, patch] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  return {
    flavor: flavorOf(bare, versionComment),
    version: `${major}.${minor}.${patch}`,
    versionString,
    versionComment,
    major,
    minor,
    patch,
  };
}

function flavorOf(versionString: string, versionComment: string): ServerFlavor {
  const said = `${versionString} ${versionComment}`;
  if (/mariadb/i.test(said)) return 'mariadb';
  if (/percona/i.test(said)) return 'percona';
  return 'mysql';
}

/** Whether `identity` is at least major.minor.patch. */
export function versionAtLeast(
  identity: ServerIdentity,
  major: number,
  minor: number,
  patch: number,
): boolean {
  if (identity.major !== major) return identity.major > major;
  if (identity.minor !== minor) return identity.minor > minor;
  return identity.patch >= patch;
}
