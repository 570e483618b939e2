import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EncryptedFileSecretStore,
  SessionSecretStore,
  passwordEnvName,
  type SecretCipher,
} from '../../../src/main/profiles/secrets';

/** A real cipher (AES-256-GCM, random key per instance), standing in for the OS keychain. */
class TestCipher implements SecretCipher {
  available = true;
  private readonly key = randomBytes(32);
  isAvailable(): boolean {
    return this.available;
  }
  encrypt(plaintext: string): Buffer {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plaintext, 'utf8'), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), body]);
  }
  decrypt(ciphertext: Buffer): string {
    const d = createDecipheriv('aes-256-gcm', this.key, ciphertext.subarray(0, 12));
    d.setAuthTag(ciphertext.subarray(12, 28));
    return Buffer.concat([d.update(ciphertext.subarray(28)), d.final()]).toString('utf8');
  }
}

const PASSWORD = 'Tr0ub4dor&3-correct-horse';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-secrets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function filesText(): string {
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

describe('SessionSecretStore', () => {
  it('keeps passwords in memory only, and forgets them', () => {
    const store = new SessionSecretStore({});
    expect(store.persistence).toBe('session-only');
    expect(store.get('prod')).toBeUndefined();
    expect(store.state('prod')).toBe('none');
    store.set('prod', PASSWORD, true);
    expect(store.get('prod')).toBe(PASSWORD);
    expect(store.state('prod')).toBe('session');
    store.set('empty', '', false);
    expect(store.get('empty')).toBe('');
    store.forget('prod');
    expect(store.get('prod')).toBeUndefined();
    expect(store.state('prod')).toBe('none');
  });

  it('reads BPLAB_PASSWORD_<ID> first, then BPLAB_PASSWORD, until forgotten', () => {
    expect(passwordEnvName('my-prod-1')).toBe('BPLAB_PASSWORD_MY_PROD_1');
    const store = new SessionSecretStore({ BPLAB_PASSWORD_MY_PROD_1: 'own', BPLAB_PASSWORD: 'shared' });
    expect(store.get('my-prod-1')).toBe('own');
    expect(store.get('other')).toBe('shared');
    expect(store.state('other')).toBe('session');
    store.set('other', 'typed', false);
    expect(store.get('other')).toBe('typed');
    store.forget('other');
    expect(store.get('other')).toBeUndefined();
    store.set('other', 'again', false);
    expect(store.get('other')).toBe('again');
  });
});

describe('EncryptedFileSecretStore', () => {
  it('writes only ciphertext, and a new store (same cipher) reads the password back', () => {
    const cipher = new TestCipher();
    const store = new EncryptedFileSecretStore(dir, cipher, new SessionSecretStore({}));
    expect(store.persistence).toBe('encrypted');
    store.set('prod', PASSWORD, true);
    expect(store.state('prod')).toBe('saved-encrypted');

    const text = filesText();
    expect(readdirSync(dir)).toEqual(['secrets.json']);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(Buffer.from(PASSWORD).toString('base64'));
    expect(text).not.toContain(Buffer.from(PASSWORD).toString('hex'));
    expect(statSync(join(dir, 'secrets.json')).mode & 0o077).toBe(0);

    const later = new EncryptedFileSecretStore(dir, cipher, new SessionSecretStore({}));
    expect(later.get('prod')).toBe(PASSWORD);
    expect(later.state('prod')).toBe('saved-encrypted');
  });

  it('keeps a password typed without "remember" in memory only', () => {
    const store = new EncryptedFileSecretStore(dir, new TestCipher(), new SessionSecretStore({}));
    store.set('prod', PASSWORD, false);
    expect(store.get('prod')).toBe(PASSWORD);
    expect(store.state('prod')).toBe('session');
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
  });

  it('drops a saved password once another one is typed for the session, and on forget', () => {
    const cipher = new TestCipher();
    const store = new EncryptedFileSecretStore(dir, cipher, new SessionSecretStore({}));
    store.set('prod', PASSWORD, true);
    store.set('prod', PASSWORD, false);
    expect(store.state('prod')).toBe('saved-encrypted');
    store.set('prod', 'a-newer-password', false);
    expect(store.state('prod')).toBe('session');
    expect(new EncryptedFileSecretStore(dir, cipher, new SessionSecretStore({})).get('prod')).toBeUndefined();

    store.set('prod', PASSWORD, true);
    store.forget('prod');
    expect(store.get('prod')).toBeUndefined();
    expect(store.state('prod')).toBe('none');
    expect(filesText()).not.toContain('prod');
  });

  it('behaves as session-only when the cipher is unavailable, writing nothing', () => {
    const cipher = new TestCipher();
    cipher.available = false;
    const store = new EncryptedFileSecretStore(dir, cipher, new SessionSecretStore({}));
    expect(store.persistence).toBe('session-only');
    store.set('prod', PASSWORD, true);
    expect(store.get('prod')).toBe(PASSWORD);
    expect(store.state('prod')).toBe('session');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('treats a password encrypted under another key as unknown', () => {
    new EncryptedFileSecretStore(dir, new TestCipher(), new SessionSecretStore({})).set(
      'prod',
      PASSWORD,
      true,
    );
    const otherKey = new EncryptedFileSecretStore(dir, new TestCipher(), new SessionSecretStore({}));
    expect(otherKey.get('prod')).toBeUndefined();
  });

  it('keeps a copy of an unreadable secrets file before writing over it', () => {
    writeFileSync(join(dir, 'secrets.json'), 'not json');
    const store = new EncryptedFileSecretStore(dir, new TestCipher(), new SessionSecretStore({}));
    store.set('prod', PASSWORD, true);
    const copies = readdirSync(dir).filter((f) => f.startsWith('secrets.json.bad-'));
    expect(copies).toHaveLength(1);
    expect(readFileSync(join(dir, copies[0] ?? ''), 'utf8')).toBe('not json');
    expect(store.get('prod')).toBe(PASSWORD);
  });
});
