import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD_HASHING } from '../../testing/test-config.js';
import { passwordHasher, STANDARD_PASSWORD_HASHING } from './passwords.js';

/** The parameters an encoded argon2 hash records: `$argon2id$v=19$m=…,t=…,p=…$salt$hash`. */
function parametersOf(encoded: string) {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(encoded);
  if (!match) throw new Error(`not an argon2id hash: ${encoded}`);
  return { memoryCost: Number(match[1]), timeCost: Number(match[2]), parallelism: Number(match[3]) };
}

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP minimum unless told otherwise', async () => {
    const standard = await passwordHasher().hash('concrete-pour-42');
    expect(parametersOf(standard)).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(parametersOf(standard)).toEqual(STANDARD_PASSWORD_HASHING);
    expect(parametersOf(await passwordHasher().decoy())).toEqual(STANDARD_PASSWORD_HASHING);
  });

  it('verifies a hash by the parameters it records, whatever the hasher’s own', async () => {
    const cheap = passwordHasher(TEST_PASSWORD_HASHING);
    const standard = passwordHasher();
    const madeCheap = await cheap.hash('concrete-pour-42');
    expect(parametersOf(madeCheap)).toEqual(TEST_PASSWORD_HASHING);
    const madeStandard = await standard.hash('concrete-pour-42');
    expect(await standard.verify(madeCheap, 'concrete-pour-42')).toBe(true);
    expect(await cheap.verify(madeStandard, 'concrete-pour-42')).toBe(true);
    expect(await standard.verify(madeCheap, 'concrete-pour-43')).toBe(false);
    expect(await cheap.verify(madeStandard, 'Concrete-pour-42')).toBe(false);
  });

  it('answers false, not an error, for a stored value that is not a hash', async () => {
    expect(await passwordHasher().verify('not a hash', 'concrete-pour-42')).toBe(false);
    expect(await passwordHasher().verify('', '')).toBe(false);
  });

  it('keeps one decoy per parameter set, never a real password’s', async () => {
    const cheap = passwordHasher(TEST_PASSWORD_HASHING);
    const first = await cheap.decoy();
    expect(await cheap.decoy()).toBe(first);
    expect(await passwordHasher(TEST_PASSWORD_HASHING).decoy()).toBe(first);
    expect(await passwordHasher().decoy()).not.toBe(first);
    expect(await cheap.verify(first, '')).toBe(false);
  });
});
