import type { AdminUserDto } from '@/contracts/admin';

export type UserSortKey = 'name' | 'email' | 'company' | 'role' | 'subscription' | 'createdAt';
export type SortDirection = 'asc' | 'desc';

export const userName = (u: AdminUserDto) => [u.firstName, u.lastName].filter(Boolean).join(' ') || '—';

const sortValue: Record<UserSortKey, (u: AdminUserDto) => string> = {
  name: (u) => userName(u).toLowerCase(),
  email: (u) => u.email.toLowerCase(),
  company: (u) => (u.company ?? '').toLowerCase(),
  role: (u) => u.role,
  subscription: (u) => u.stripeSubscription?.status ?? '',
  createdAt: (u) => u.createdAt,
};

/** The users matching the search (name, email or company), sorted by one column. */
export function visibleUsers(
  users: AdminUserDto[],
  search: string,
  sort: { key: UserSortKey; direction: SortDirection },
): AdminUserDto[] {
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? users.filter((u) =>
        [userName(u), u.email, u.company ?? ''].some((field) => field.toLowerCase().includes(needle)),
      )
    : users;
  const value = sortValue[sort.key];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...matching].sort((a, b) => sign * value(a).localeCompare(value(b)) || a.id.localeCompare(b.id));
}
