import { describe, expect, it } from 'vitest';
import type { AdminUserDto } from '@/contracts/admin';
import { visibleUsers } from './users-table';

const user = (
  id: string,
  firstName: string,
  email: string,
  company: string | null,
  createdAt: string,
): AdminUserDto => ({
  id,
  firstName,
  lastName: 'Smith',
  email,
  role: 'member',
  company,
  createdAt,
  stripeCustomer: null,
  stripeSubscription: null,
});

const users = [
  user('1', 'Ann', 'ann@harbor.example', 'Harbor Builders', '2026-01-03T00:00:00.000Z'),
  user('2', 'Bob', 'bob@summit.example', 'Summit Co', '2026-01-01T00:00:00.000Z'),
  user('3', 'Cy', 'cy@solo.example', null, '2026-01-02T00:00:00.000Z'),
];

describe('visibleUsers', () => {
  it.each([
    ['', ['1', '2', '3']],
    ['harbor', ['1']],
    ['BOB@', ['2']],
    ['  smith ', ['1', '2', '3']],
    ['nobody', []],
  ])('searches name, email and company for %j', (search, ids) => {
    expect(visibleUsers(users, search, { key: 'name', direction: 'asc' }).map((u) => u.id)).toEqual(ids);
  });

  it('sorts by a column both ways; users without a company sort first ascending', () => {
    const by = (key: 'createdAt' | 'company', direction: 'asc' | 'desc') =>
      visibleUsers(users, '', { key, direction }).map((u) => u.id);
    expect(by('createdAt', 'asc')).toEqual(['2', '3', '1']);
    expect(by('createdAt', 'desc')).toEqual(['1', '3', '2']);
    expect(by('company', 'asc')).toEqual(['3', '1', '2']);
    expect(by('company', 'desc')).toEqual(['2', '1', '3']);
  });
});
