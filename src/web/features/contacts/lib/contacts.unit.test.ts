import { describe, expect, it } from 'vitest';
import type { ContactDto } from '@/contracts/contacts';
import { filterContacts, findDuplicate } from './filter-contacts';

const contact = (id: number, fields: Partial<ContactDto>): ContactDto => ({
  id,
  name: 'Someone',
  company: null,
  email: `c${id}@example.com`,
  phone: null,
  type: 'client',
  rating: null,
  licensed: false,
  specialty: null,
  specialties: [],
  notes: 'plumbing is in the notes only',
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const contacts = [
  contact(1, { name: 'Rosa Alvarez', company: 'Alvarez Homes' }),
  contact(2, {
    name: 'Dave Kowalski',
    company: 'Front Range Plumbing',
    type: 'subcontractor',
    specialty: 'Plumbing',
    specialties: ['Plumbing', 'Gas lines'],
  }),
  contact(3, {
    name: 'Lena Ortiz',
    email: 'orders@milehigh.example',
    type: 'vendor',
    specialties: ['Lumber'],
  }),
  contact(4, { name: 'Tom Becker', type: 'architect' }),
];

const names = (list: ContactDto[]) => list.map((c) => c.name);

describe('filterContacts', () => {
  it.each([
    ['all', '', ['Rosa Alvarez', 'Dave Kowalski', 'Lena Ortiz', 'Tom Becker']],
    ['subcontractor', '', ['Dave Kowalski']],
    ['vendor', '', ['Lena Ortiz']],
    ['architect', '', ['Tom Becker']],
    ['client', '', ['Rosa Alvarez']],
    ['all', 'ALVAREZ', ['Rosa Alvarez']],
    ['all', 'front range', ['Dave Kowalski']],
    ['all', 'milehigh', ['Lena Ortiz']],
    ['all', 'gas', ['Dave Kowalski']],
    ['all', 'lumber', ['Lena Ortiz']],
    ['all', 'plumbing', ['Dave Kowalski']],
    ['client', 'plumbing', []],
    ['all', '  dave   plumbing ', ['Dave Kowalski']],
    ['all', 'nobody', []],
  ] as const)('tab %s, search "%s"', (tab, search, expected) => {
    expect(names(filterContacts(contacts, tab, search))).toEqual(expected);
  });
});

describe('findDuplicate', () => {
  it('finds the same name and email, ignoring case and spacing, but not the contact itself', () => {
    expect(findDuplicate(contacts, ' rosa  ALVAREZ', 'C1@example.com ')?.id).toBe(1);
    expect(findDuplicate(contacts, 'Rosa Alvarez', 'c1@example.com', 1)).toBeUndefined();
    expect(findDuplicate(contacts, 'Rosa Alvarez', 'other@example.com')).toBeUndefined();
    expect(findDuplicate(contacts, '', '')).toBeUndefined();
  });
});
