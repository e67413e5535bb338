import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * The argon2id parameters new password hashes are made with. Each hash records its own parameters,
 * so a hash verifies whatever parameters are in force when it is checked.
 */
export interface PasswordHashing {
  /** KiB of memory per hash. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The OWASP minimum for argon2id (19 MiB, 2 iterations, 1 lane): what every server hashes with. */
export const STANDARD_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A hash of a random password per parameter set, verified against when the email is unknown, so timing does not tell. */
const decoys = new Map<string, Promise<string>>();

/** Hashing and checking passwords with `params` (@node-rs/argon2 hashes with argon2id by default). */
export function passwordHasher(params: PasswordHashing = STANDARD_PASSWORD_HASHING) {
  const key = `${params.memoryCost}/${params.timeCost}/${params.parallelism}`;
  return {
    hash: (password: string): Promise<string> => hash(password, params),
    async verify(passwordHash: string, password: string): Promise<boolean> {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    decoy(): Promise<string> {
      let decoy = decoys.get(key);
      if (!decoy) {
        decoy = hash(randomUUID(), params);
        decoys.set(key, decoy);
      }
      return decoy;
    },
  };
}

export type PasswordHasher = ReturnType<typeof passwordHasher>;
