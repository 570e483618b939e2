/**
 * Who may talk to the browser-mode server. Anything on this machine can reach a loopback port,
 * so every request must carry the per-start token, and the Host/Origin headers must name our own
 * origin (which defeats DNS rebinding and cross-site pages).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_REFUSED = 'bplab: this URL needs the token printed when bplab serve started';

/** A fresh random token for one `bplab serve` run. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares in constant time; hashing first makes the lengths equal so the length leaks nothing either. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/** The cookie that lets the page's assets load once the index was opened with the token. Named per port, as cookies ignore ports. */
export function cookieName(port: number): string {
  return `bplab_token_${port}`;
}

export function tokenCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The Host header values that name this server: the address it listens on, and localhost. */
export function allowedHosts(listenHost: string, port: number): Set<string> {
  const hosts = new Set([`localhost:${port}`]);
  hosts.add(listenHost.includes(':') ? `[${listenHost}]:${port}` : `${listenHost}:${port}`);
  return hosts;
}

export type Refusal = { status: 401 | 403; message: string };

/**
 * Checks Host and Origin. A request without Origin is fine (a top-level navigation, curl);
 * one with an Origin must come from our own page.
 */
export function checkOrigin(req: IncomingMessage, hosts: Set<string>): Refusal | null {
  const host = req.headers.host?.toLowerCase();
  if (!host || !hosts.has(host))
    return {
      status: 403,
      message: `bplab: refused a request for host "${host ?? ''}"; open the URL printed by bplab serve (${[...hosts].join(' or ')})`,
    };
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.has(originHost(origin)))
    return { status: 403, message: `bplab: refused a request from another site (origin ${origin})` };
  return null;
}

function originHost(origin: string): string {
  const prefix = 'http://';
  return origin.toLowerCase().startsWith(prefix) ? origin.slice(prefix.length).toLowerCase() : '';
}
