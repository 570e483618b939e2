/**
 * Browser mode's token: it arrives once in the page URL (?token=), is kept in this tab's
 * sessionStorage, and is taken out of the address bar so it does not end up in history or screenshots.
 */
export const TOKEN_KEY = 'bplab.token';

export interface TokenFound {
  token: string | null;
  /** The address without the token, when it had one (for history.replaceState). */
  cleanUrl: string | null;
}

export function takeToken(href: string, stored: string | null): TokenFound {
  const url = new URL(href);
  const fromUrl = url.searchParams.get('token');
  if (!fromUrl) return { token: stored, cleanUrl: null };
  url.searchParams.delete('token');
  return { token: fromUrl, cleanUrl: url.toString() };
}

/** ws://host/ws?token=... next to the page the browser loaded. */
export function socketUrl(pageHref: string, token: string): string {
  const page = new URL(pageHref);
  const protocol = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${page.host}/ws?token=${encodeURIComponent(token)}`;
}

/**
 * Whether bplab serve, reachable at the page's origin, refuses this token: it answers a plain HTTP
 * request for the socket path with 401 when the token is wrong (426 when it is right). False when
 * the server cannot be reached at all, which is a different story (the link banner tells it).
 */
export async function tokenRefused(
  pageHref: string,
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  const url = new URL(pageHref);
  try {
    const reply = await fetchImpl(`${url.origin}/ws?token=${encodeURIComponent(token)}`, {
      method: 'HEAD',
      credentials: 'omit',
    });
    return reply.status === 401;
  } catch {
    return false;
  }
}
