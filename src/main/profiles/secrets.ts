/**
 * Where connection passwords live. Never in plain text on disk: either only in this process's memory
 * (SessionSecretStore), or encrypted by an OS-backed cipher (EncryptedFileSecretStore; Electron passes
 * its safeStorage in from src/main/electron, so nothing here imports Electron).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PasswordState } from '../../shared/models';
import { keepBadCopy, writeFileAtomic } from '../files/atomic-file';

export interface SecretStore {
  /** Where a remembered password goes; 'session-only' when no OS cipher is available. */
  readonly persistence: 'encrypted' | 'session-only';
  /** The password known for this profile, or undefined when none is (an empty string is a known empty password). */
  get(profileId: string): string | undefined;
  /** Keeps the password for this session; with `remember`, also saves it encrypted when the store can. */
  set(profileId: string, password: string, remember: boolean): void;
  forget(profileId: string): void;
  state(profileId: string): PasswordState;
}

/** The shape of Electron's safeStorage, which is what production passes in. */
export interface SecretCipher {
  isAvailable(): boolean;
  encrypt(plaintext: string): Buffer;
  decrypt(ciphertext: Buffer): string;
}

type Environment = Record<string, string | undefined>;

/** `BPLAB_PASSWORD_<PROFILE_ID_UPPER_SNAKE>`: a password given to a headless or scripted run. */
export function passwordEnvName(profileId: string): string {
  return `BPLAB_PASSWORD_${profileId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * Passwords for this process only. Falls back to the environment (the profile's own variable, then
 * BPLAB_PASSWORD) unless the password was forgotten in this session.
 */
export class SessionSecretStore implements SecretStore {
  readonly persistence = 'session-only' as const;
  private readonly passwords = new Map<string, string>();
  private readonly forgotten = new Set<string>();

  constructor(private readonly env: Environment = process.env) {}

  get(profileId: string): string | undefined {
    return this.inMemory(profileId) ?? this.fromEnvironment(profileId);
  }

  set(profileId: string, password: string, _remember: boolean): void {
    this.passwords.set(profileId, password);
    this.forgotten.delete(profileId);
  }

  forget(profileId: string): void {
    this.passwords.delete(profileId);
    this.forgotten.add(profileId);
  }

  state(profileId: string): PasswordState {
    return this.get(profileId) === undefined ? 'none' : 'session';
  }

  /** A password typed in this session. */
  inMemory(profileId: string): string | undefined {
    return this.passwords.get(profileId);
  }

  fromEnvironment(profileId: string): string | undefined {
    if (this.forgotten.has(profileId)) return undefined;
    return this.env[passwordEnvName(profileId)] ?? this.env.BPLAB_PASSWORD;
  }
}

interface SecretsFile {
  version: 1;
  /** profile id → ciphertext, base64. */
  passwords: Record<string, string>;
}

/**
 * Remembered passwords encrypted with an injected cipher in `<dataDir>/secrets.json` (ciphertext only).
 * When the cipher is unavailable it behaves exactly like a SessionSecretStore.
 */
export class EncryptedFileSecretStore implements SecretStore {
  readonly file: string;

  constructor(
    dataDir: string,
    private readonly cipher: SecretCipher,
    private readonly session: SessionSecretStore = new SessionSecretStore(),
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = join(dataDir, 'secrets.json');
  }

  get persistence(): 'encrypted' | 'session-only' {
    return this.cipher.isAvailable() ? 'encrypted' : 'session-only';
  }

  get(profileId: string): string | undefined {
    return (
      this.session.inMemory(profileId) ?? this.saved(profileId) ?? this.session.fromEnvironment(profileId)
    );
  }

  set(profileId: string, password: string, remember: boolean): void {
    this.session.set(profileId, password, remember);
    if (remember && this.persistence === 'encrypted') {
      this.update((passwords) => {
        passwords[profileId] = this.cipher.encrypt(password).toString('base64');
      });
    } else if (this.hasSaved(profileId) && this.saved(profileId) !== password) {
      // A different password typed for this session means the saved one is outdated.
      this.removeSaved(profileId);
    }
  }

  forget(profileId: string): void {
    this.session.forget(profileId);
    this.removeSaved(profileId);
  }

  state(profileId: string): PasswordState {
    if (this.persistence === 'encrypted' && this.hasSaved(profileId)) return 'saved-encrypted';
    return this.session.state(profileId);
  }

  private saved(profileId: string): string | undefined {
    if (this.persistence !== 'encrypted') return undefined;
    const ciphertext = this.read().passwords[profileId];
    if (ciphertext === undefined) return undefined;
    try {
      return this.cipher.decrypt(Buffer.from(ciphertext, 'base64'));
    } catch {
      // Encrypted under another OS key (a new keyring, another machine): as if none were saved.
      return undefined;
    }
  }

  private hasSaved(profileId: string): boolean {
    return Object.hasOwn(this.read().passwords, profileId);
  }

  private removeSaved(profileId: string): void {
    if (!this.hasSaved(profileId)) return;
    this.update((passwords) => {
      delete passwords[profileId];
    });
  }

  private update(change: (passwords: Record<string, string>) => void): void {
    const current = this.read();
    if (current.unreadable) keepBadCopy(this.file, this.now());
    const passwords = { ...current.passwords };
    change(passwords);
    const content: SecretsFile = { version: 1, passwords };
    writeFileAtomic(this.file, `${JSON.stringify(content, null, 2)}\n`, 0o600);
  }

  private read(): { passwords: Record<string, string>; unreadable: boolean } {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (e) {
      return { passwords: {}, unreadable: (e as NodeJS.ErrnoException).code !== 'ENOENT' };
    }
    try {
      const json = JSON.parse(text) as Partial<SecretsFile>;
      const passwords = json.passwords ?? {};
      const valid =
        typeof passwords === 'object' &&
        passwords !== null &&
        Object.values(passwords).every((v) => typeof v === 'string');
      return valid ? { passwords: { ...passwords }, unreadable: false } : { passwords: {}, unreadable: true };
    } catch {
      return { passwords: {}, unreadable: true };
    }
  }
}
