/** Serves the built renderer, confined to its folder: a path that leaves it (../, encoded or via a symlink) is refused. */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentType(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticLookup =
  | { kind: 'file'; path: string; size: number; contentType: string }
  | { kind: 'refused'; message: string }
  | { kind: 'missing' };

/** Maps a URL path ("/assets/x.js") to a file below root, or says why not. */
export async function lookupStatic(root: string, urlPath: string): Promise<StaticLookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'refused', message: 'bplab: malformed path' };
  }
  if (decoded.includes('\0') || decoded.includes('\\'))
    return { kind: 'refused', message: 'bplab: malformed path' };
  const wanted = decoded === '/' || decoded === '' ? '/index.html' : decoded;
  const full = resolve(root, '.' + wanted);
  if (!inside(resolve(root), full))
    return { kind: 'refused', message: 'bplab: that path is outside the app' };
  try {
    const [realRoot, realFull] = await Promise.all([realpath(root), realpath(full)]);
    if (!inside(realRoot, realFull))
      return { kind: 'refused', message: 'bplab: that path is outside the app' };
    const st = await stat(realFull);
    if (!st.isFile()) return { kind: 'missing' };
    return { kind: 'file', path: realFull, size: st.size, contentType: contentType(realFull) };
  } catch {
    return { kind: 'missing' };
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' ? false : !rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel);
}

export function openStatic(path: string) {
  return createReadStream(path);
}
