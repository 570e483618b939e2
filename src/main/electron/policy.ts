/** Which pages and frames the window trusts: only bplab's own index.html, loaded from disk. */

/** True when url is the app's page (the same file; query and hash may differ). */
export function isAppPage(url: string, indexUrl: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(indexUrl);
    return (
      a.protocol === 'file:' && a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname
    );
  } catch {
    return false;
  }
}

/** The only requests the app's session lets through: its own files (and the devtools). */
export function isAllowedRequest(url: string, appDir: string): boolean {
  if (url.startsWith('devtools:')) return true;
  try {
    const u = new URL(url);
    if (u.protocol !== 'file:') return false;
    const root = new URL(appDir.endsWith('/') ? appDir : appDir + '/');
    return u.pathname.startsWith(root.pathname);
  } catch {
    return false;
  }
}
