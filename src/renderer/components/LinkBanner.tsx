/** Says so when the page cannot reach bplab (browser mode: the socket dropped, no token, or a refused one). */
import { NO_TOKEN_HINT } from '../lib/connect';
import { useLink } from '../lib/link-store';

export function LinkBanner() {
  const { state, failedAttempts } = useLink();
  if (state === 'open' || (state === 'connecting' && failedAttempts === 0)) return null;
  if (state === 'no-token')
    return (
      <div className="banner banner-bad" data-testid="banner-no-token" role="alert">
        This page has no token to talk to <code>bplab serve</code>: {NO_TOKEN_HINT}.
      </div>
    );
  if (state === 'refused')
    return (
      <div className="banner banner-bad" data-testid="banner-token-refused" role="alert">
        <code>bplab serve</code> refuses this page’s token (it was restarted, with a new one): open the URL it
        printed when it started.
      </div>
    );
  return (
    <div className="banner banner-bad" data-testid="banner-disconnected" role="alert">
      Disconnected from the bplab server; reconnecting
      {failedAttempts > 1 ? ` (attempt ${failedAttempts})` : ''}…
      {failedAttempts >= 4 && (
        <span>
          {' '}
          Is <code>bplab serve</code> still running? If it was restarted, open the new URL it printed.
        </span>
      )}
    </div>
  );
}
