/**
 * Picks the transport: the Electron preload's window.bplab when present, else a WebSocket to the
 * `bplab serve` that served this page, authenticated with the token from the URL.
 */
import type { BplabApi } from '../../shared/contract';
import { err } from '../../shared/result';
import { useLink } from './link-store';
import { createSocketClient } from './socket-client';
import { TOKEN_KEY, socketUrl, takeToken, tokenRefused } from './token';

export function connectApi(): BplabApi {
  if (window.bplab) {
    useLink.getState().set('open');
    return window.bplab;
  }
  const { token, cleanUrl } = takeToken(window.location.href, sessionStorage.getItem(TOKEN_KEY));
  if (cleanUrl) window.history.replaceState(window.history.state, '', cleanUrl);
  if (!token) {
    useLink.getState().set('no-token');
    return {
      invoke: async () =>
        err('UNAUTHORIZED', 'This page has no token to talk to bplab serve', { hint: NO_TOKEN_HINT }),
      on: () => () => {},
    };
  }
  sessionStorage.setItem(TOKEN_KEY, token);
  return createSocketClient({
    url: socketUrl(window.location.href, token),
    open: (url) => new WebSocket(url),
    onLinkChange: (state, failedAttempts) => useLink.getState().set(state, failedAttempts),
    tokenRefused: () => tokenRefused(window.location.href, token),
  });
}

export const NO_TOKEN_HINT = 'open the full URL that `bplab serve` printed, including ?token=…';
