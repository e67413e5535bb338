import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The TOTP secret at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from the server's session
 * secret, so a copy of the database alone does not let anyone make codes. The user's id is the
 * authenticated data: a ciphertext moved to another user's row does not decrypt. Changing the session
 * secret makes the stored secrets unreadable (their users then sign in with a recovery code and set
 * up again), see docs/security.md.
 */
export function secretBox(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'babe-two-factor', 'totp-secret-v1', 32));
  return {
    seal(plain: string, userId: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** The secret, or null when it cannot be read (another key, another user, altered). */
    open(sealed: string, userId: string): string | null {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}

/** No 0/o, 1/l/i: a code copied from paper reads one way only. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code: 16 characters of a 31-letter alphabet (79 bits), written in groups of four. */
export function newRecoveryCode(): string {
  const chars: string[] = [];
  // Rejection sampling keeps every letter equally likely (256 is not a multiple of 31).
  while (chars.length < 16) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && chars.length < 16) chars.push(ALPHABET.charAt(byte % 31));
    }
  }
  return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
}

/** A typed recovery code as it was issued: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Recovery codes are kept as plain SHA-256 of the normalised code, not argon2: each code is 79 random
 * bits, so a stolen hash cannot be reversed by guessing (argon2's slowness protects low-entropy
 * passwords, not random keys), and an unsalted hash lets the sign-in find and spend a code with one
 * indexed, atomic update. Unkeyed on purpose: the codes stay valid if the session secret changes,
 * which is when a user may need them most.
 */
export function recoveryCodeHash(typed: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(typed)).digest('hex');
}
