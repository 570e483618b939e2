/**
 * The one Content-Security-Policy of bplab's page. The HTTP server and Electron send it as a header,
 * and the build writes it into index.html's meta tag (which is what applies under file://).
 * Nothing remote: scripts and styles come from the app itself; the socket goes to loopback only.
 */
const directives: Array<[string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  // React sets style attributes; no inline <style> or remote sheets are loaded.
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self'"],
  ['connect-src', "'self' ws://127.0.0.1:* ws://localhost:*"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
];

/** The policy as an HTTP header value. */
export const CONTENT_SECURITY_POLICY = [...directives, ['frame-ancestors', "'none'"]]
  .map(([name, value]) => `${name} ${value}`)
  .join('; ');

/** The policy for a <meta> tag: browsers ignore frame-ancestors there, so it is left out. */
export const CONTENT_SECURITY_POLICY_META = directives.map(([name, value]) => `${name} ${value}`).join('; ');
