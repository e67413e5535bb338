import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it.each([
    ['password123', true],
    ['PASSWORD123', true],
    [' qwerty123 ', true],
    ['123456789', true],
    ['correct-horse', false],
    ['gravel-truck-morning', false],
    ['', false],
  ])('%j is common: %s', async (password, common) => {
    expect(await isCommonPassword(password)).toBe(common);
  });

  it('reads the list once, quickly', async () => {
    await isCommonPassword('warm-up');
    const started = performance.now();
    for (let i = 0; i < 1000; i++) await isCommonPassword(`not-common-${i}`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
