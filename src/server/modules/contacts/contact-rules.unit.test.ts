import { describe, expect, it } from 'vitest';
import {
  contactKey,
  createContactBody,
  createRating,
  editRating,
  keepFieldsOfType,
  splitSpecialties,
  updateContactBody,
} from '../../../contracts/contacts.js';

describe('ratings', () => {
  it.each([
    [4.5, 4.5],
    ['3.7', 3.7],
    [' 5 ', 5],
    [1, 1],
    ['', null],
    [null, null],
    [undefined, undefined],
    [0.3 + 0.6 + 0.1 + 3, 4],
  ] as const)('a new contact takes %j as %j', (input, output) => {
    expect(createRating.parse(input)).toBe(output);
  });

  it.each([[0.9], [5.01], [4.55], ['abc'], [Number.NaN], [true]])('a new contact refuses %j', (input) => {
    expect(createRating.safeParse(input).success).toBe(false);
  });

  it('an edit takes whole stars or none', () => {
    expect([1, 5, null, undefined].map((v) => editRating.parse(v))).toEqual([1, 5, null, undefined]);
    for (const bad of [0, 6, 3.5, '3']) expect(editRating.safeParse(bad).success).toBe(false);
  });
});

describe('the contact bodies', () => {
  it('empties optional text to null, keeps absent fields absent', () => {
    const created = createContactBody.parse({
      name: ' Ana ',
      email: ' ana@example.com ',
      type: 'client',
      company: ' ',
    });
    expect(created).toMatchObject({ name: 'Ana', email: 'ana@example.com', company: null, licensed: false });
    expect(created.phone).toBeUndefined();
    expect(updateContactBody.parse({ notes: '' })).toEqual({ notes: null });
    expect(updateContactBody.safeParse({}).success).toBe(false);
  });
});

describe('trades and types', () => {
  it('splits, trims and deduplicates trades', () => {
    expect(splitSpecialties(['Framing, drywall', ' Paint |framing', '', 'Drywall;Tile'])).toEqual([
      'Framing',
      'drywall',
      'Paint',
      'Tile',
    ]);
  });

  it('clears the fields a type does not carry', () => {
    const all = { rating: 4, licensed: true, specialty: 'Tile', specialties: ['Tile'] };
    expect(keepFieldsOfType('subcontractor', all)).toEqual(all);
    expect(keepFieldsOfType('vendor', all)).toEqual({ ...all, licensed: false });
    const none = { rating: null, licensed: false, specialty: null, specialties: [] };
    expect(keepFieldsOfType('client', all)).toEqual(none);
    expect(keepFieldsOfType('architect', all)).toEqual(none);
  });

  it('knows the same person by name and email, whatever the case and spacing', () => {
    expect(contactKey(' Ana  Ruiz', 'ANA@example.com ')).toBe(contactKey('ana ruiz', 'ana@example.com'));
    expect(contactKey('Ana Ruiz', 'ana@example.com')).not.toBe(contactKey('Ana Ruiz', 'ana@example.org'));
  });
});
