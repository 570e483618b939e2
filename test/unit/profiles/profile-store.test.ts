import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../src/main/profiles/profile-store';
import { failureOfCall } from '../../support/failures';

let dir: string;
const fixedNow = () => new Date('2030-01-02T03:04:05.678Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-profiles-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('ProfileStore', () => {
  it('starts empty without a file and without an error', () => {
    expect(new ProfileStore(dir).list()).toEqual({ profiles: [] });
  });

  it('saves TCP, socket and TLS profiles, and a new store reads them back', () => {
    const store = new ProfileStore(dir);
    const tcp = store.save({
      name: 'Prod replica #2',
      transport: 'tcp',
      host: ' db.example.com ',
      user: 'dba',
    });
    const sock = store.save({
      name: 'Local socket',
      transport: 'socket',
      socketPath: '/run/mysqld/mysqld.sock',
      host: 'ignored',
      user: 'root',
    });
    const remote = store.save({
      name: 'Remote TLS',
      transport: 'tcp',
      host: '10.0.0.7',
      port: 3307,
      user: 'app',
      database: 'ssb',
      tls: { mode: 'verify-identity', caPath: '/etc/ssl/ca.pem', certPath: '/c.pem', keyPath: '/k.pem' },
    });
    expect(tcp).toMatchObject({
      id: 'prod-replica-2',
      host: 'db.example.com',
      port: 3306,
      tls: { mode: 'off' },
    });
    expect(sock).toMatchObject({
      id: 'local-socket',
      transport: 'socket',
      socketPath: '/run/mysqld/mysqld.sock',
    });
    expect(sock.host).toBeUndefined();
    expect(remote.tls).toEqual({
      mode: 'verify-identity',
      caPath: '/etc/ssl/ca.pem',
      certPath: '/c.pem',
      keyPath: '/k.pem',
    });

    const again = new ProfileStore(dir).list();
    expect(again.loadError).toBeUndefined();
    expect(again.profiles).toEqual([tcp, sock, remote]);
    expect(readdirSync(dir)).toEqual(['profiles.json']);
  });

  it('updates a profile in place, keeping its id, and deletes it', () => {
    const store = new ProfileStore(dir);
    const first = store.save({ name: 'Box', transport: 'tcp', host: 'a', user: 'u' });
    const updated = store.save({ id: first.id, name: 'Box renamed', transport: 'tcp', host: 'b', user: 'u' });
    expect(updated.id).toBe(first.id);
    expect(store.list().profiles).toEqual([updated]);
    store.delete(first.id);
    expect(store.list().profiles).toEqual([]);
    expect(failureOfCall(() => store.delete(first.id)).error.code).toBe('NOT_FOUND');
  });

  it('keeps the production mark of a profile, and drops it when cleared', () => {
    const store = new ProfileStore(dir);
    const prod = store.save({ name: 'Prod', transport: 'tcp', host: 'db', user: 'u', production: true });
    expect(store.get(prod.id).production).toBe(true);
    store.save({ id: prod.id, name: 'Prod', transport: 'tcp', host: 'db', user: 'u' });
    expect(store.get(prod.id).production).toBeUndefined();
  });

  it('gives unique ids to profiles with the same name', () => {
    const store = new ProfileStore(dir);
    const ids = [1, 2, 3].map(() => store.save({ name: 'Same', transport: 'tcp', host: 'h', user: 'u' }).id);
    expect(ids).toEqual(['same', 'same-2', 'same-3']);
  });

  it('refuses drafts that cannot be a profile, saying which field', () => {
    const store = new ProfileStore(dir);
    const noHost = failureOfCall(() => store.save({ name: 'No host', transport: 'tcp', user: 'u' }));
    expect(noHost.error.code).toBe('INVALID_ARGUMENT');
    expect(noHost.error.message).toMatch(/host/);
    const halfCert = failureOfCall(() =>
      store.save({
        name: 'x',
        transport: 'tcp',
        host: 'h',
        user: 'u',
        tls: { mode: 'required', certPath: '/c' },
      }),
    );
    expect(halfCert.error.code).toBe('INVALID_ARGUMENT');
    expect(
      failureOfCall(() => store.save({ id: 'ghost', name: 'x', transport: 'tcp', host: 'h', user: 'u' }))
        .error.code,
    ).toBe('NOT_FOUND');
    expect(store.list().profiles).toEqual([]);
  });

  it('keeps a file that is not JSON, reports it, and copies it aside before the first save', () => {
    const file = join(dir, 'profiles.json');
    const broken = '[{"id": "a", "name": "A", oops';
    writeFileSync(file, broken);
    const store = new ProfileStore(dir, fixedNow);

    const listing = store.list();
    expect(listing.profiles).toEqual([]);
    expect(listing.loadError?.file).toBe(file);
    expect(listing.loadError?.message).toMatch(/it is not JSON: it stops being JSON at line 1, column 27/);
    expect(listing.loadError?.message).not.toContain('oops');
    expect(listing.loadError?.backup).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe(broken);

    const saved = store.save({ name: 'New', transport: 'tcp', host: 'h', user: 'u' });
    const backup = join(dir, 'profiles.json.bad-2030-01-02T03-04-05-678Z');
    expect(readFileSync(backup, 'utf8')).toBe(broken);
    const after = store.list();
    expect(after.profiles).toEqual([saved]);
    expect(after.loadError?.backup).toBe(backup);
    expect(after.loadError?.message).toContain(backup);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([saved]);
  });

  it('serves the good entries of a file with an invalid entry, and never loses the bad one', () => {
    const file = join(dir, 'profiles.json');
    const good = {
      id: 'good',
      name: 'Good',
      transport: 'tcp',
      host: 'h',
      port: 3306,
      user: 'u',
      tls: { mode: 'off' },
    };
    const bad = { id: 'bad', name: 'Bad port', transport: 'tcp', host: 'h', port: 99999, user: 'u' };
    const original = JSON.stringify([good, bad, good], null, 2);
    writeFileSync(file, original);
    const store = new ProfileStore(dir, fixedNow);

    const listing = store.list();
    expect(listing.profiles).toEqual([good]);
    expect(listing.loadError?.message).toMatch(/entry 2 \("Bad port"\) is invalid \(port:/);
    expect(listing.loadError?.message).toMatch(/entry 3 \("Good"\) repeats the id "good"/);
    expect(readFileSync(file, 'utf8')).toBe(original);

    store.delete('good');
    const backups = readdirSync(dir).filter((f) => f.startsWith('profiles.json.bad-'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(dir, backups[0] ?? ''), 'utf8')).toBe(original);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([]);
    expect(store.list().loadError?.backup).toBe(join(dir, backups[0] ?? ''));

    // A second save does not make a second copy: the file is sound now.
    store.save({ name: 'Another', transport: 'tcp', host: 'h', user: 'u' });
    expect(readdirSync(dir).filter((f) => f.startsWith('profiles.json.bad-'))).toHaveLength(1);
  });

  it('reports a file that holds something other than a list', () => {
    writeFileSync(join(dir, 'profiles.json'), '{"profiles": []}');
    expect(new ProfileStore(dir).list().loadError?.message).toMatch(/does not hold a list/);
  });
});
