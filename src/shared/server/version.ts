/** A server version's major and minor as one number to compare: "11.4.5-MariaDB" → 1104, "8.0.31" → 800. */
export function versionNumber(version: string): number {
  const [major = 0, minor = 0] = (/^(\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number);
  return major * 100 + minor;
}
