import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Acme Builders, LLC', 'acme-builders-llc'],
    ['  Ñandú Construcción  ', 'nandu-construccion'],
    ['!!!', 'company'],
    ['O’Brien & Sons', 'o-brien-sons'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('always yields a URL-safe slug', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(slugify(s)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }),
    );
  });
});

describe('uniqueSlug', () => {
  it('numbers duplicates', () => {
    expect(uniqueSlug('acme', new Set())).toBe('acme');
    expect(uniqueSlug('acme', new Set(['acme', 'acme-2']))).toBe('acme-3');
  });
});
