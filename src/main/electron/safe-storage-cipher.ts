/**
 * Electron's safeStorage as the {isAvailable, encrypt, decrypt} cipher EncryptedFileSecretStore takes.
 * On Linux without a keyring, safeStorage falls back to 'basic_text' (a key written in Chromium's
 * source): that is not encryption worth the name, so we report it unavailable and passwords stay
 * in this session's memory only.
 */
import type { SafeStorage } from 'electron';
import type { SecretCipher } from '../profiles/secrets';

export type SafeStorageLike = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString'
> & {
  getSelectedStorageBackend?: SafeStorage['getSelectedStorageBackend'];
};

export function safeStorageCipher(
  storage: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
): SecretCipher {
  const isAvailable = () => {
    if (!storage.isEncryptionAvailable()) return false;
    if (platform === 'linux' && storage.getSelectedStorageBackend) {
      const backend = storage.getSelectedStorageBackend();
      return backend !== 'basic_text' && backend !== 'unknown';
    }
    return true;
  };
  return {
    isAvailable,
    encrypt: (plaintext) => {
      if (!isAvailable()) throw new Error('the OS keychain is not available to encrypt a password');
      return storage.encryptString(plaintext);
    },
    decrypt: (ciphertext) => storage.decryptString(ciphertext),
  };
}
