import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Clock,
  CreditCard,
  Search,
  UserCheck,
  Users,
  UserX,
} from 'lucide-react';
import { type ComponentType, useState } from 'react';
import type { AdminUsersDto } from '@/contracts/admin';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { formatDate } from '@/web/lib/format';
import { type SortDirection, type UserSortKey, userName, visibleUsers } from '../lib/users-table';

function SummaryCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: number;
  icon: ComponentType<{ className?: string }>;
}) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-3 p-4">
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
        </div>
        <Icon className="size-6 text-primary" aria-hidden="true" />
      </CardContent>
    </Card>
  );
}

const COLUMNS: { key: UserSortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'company', label: 'Company' },
  { key: 'role', label: 'Role' },
  { key: 'subscription', label: 'Subscription' },
  { key: 'createdAt', label: 'Joined' },
];

const statusVariant = (status: string | undefined) =>
  status === 'active' ? 'success' : status === 'trial' ? 'info' : status ? 'warning' : 'muted';

/** User Management: the five counters, then the users with search and sortable columns. */
export function UsersTab({ data }: { data: AdminUsersDto }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: UserSortKey; direction: SortDirection }>({
    key: 'createdAt',
    direction: 'desc',
  });
  const rows = visibleUsers(data.users, search, sort);
  const toggle = (key: UserSortKey) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' }));
  const { summary } = data;

  return (
    <div className="grid gap-6">
      <section aria-label="Summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <SummaryCard label="Total Users" value={summary.totalUsers} icon={Users} />
        <SummaryCard label="Active Subscriptions" value={summary.activeSubscriptions} icon={UserCheck} />
        <SummaryCard label="Trial Users" value={summary.trialUsers} icon={Clock} />
        <SummaryCard label="Cancelled" value={summary.cancelledUsers} icon={UserX} />
        <SummaryCard label="With Stripe Customer" value={summary.usersWithStripeCustomer} icon={CreditCard} />
      </section>

      <Card>
        <CardContent className="grid gap-4 p-4">
          <div className="relative max-w-sm">
            <Search
              className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search users"
              placeholder="Search by name, email or company"
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead className="border-b border-border text-muted-foreground">
                <tr>
                  {COLUMNS.map((c) => {
                    const active = sort.key === c.key;
                    const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
                    return (
                      <th
                        key={c.key}
                        scope="col"
                        className="py-2 pr-3 font-medium"
                        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                      >
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                          onClick={() => toggle(c.key)}
                        >
                          {c.label}
                          <Icon className="size-3.5" aria-hidden="true" />
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="py-6 text-center text-muted-foreground">
                      No users found.
                    </td>
                  </tr>
                ) : (
                  rows.map((u) => (
                    <tr key={u.id} className="border-b border-border last:border-0">
                      <td className="py-2 pr-3 font-medium">{userName(u)}</td>
                      <td className="py-2 pr-3 break-all">{u.email}</td>
                      <td className="py-2 pr-3">{u.company ?? '—'}</td>
                      <td className="py-2 pr-3 capitalize">{u.role}</td>
                      <td className="py-2 pr-3">
                        <Badge variant={statusVariant(u.stripeSubscription?.status)}>
                          {u.stripeSubscription?.status ?? 'none'}
                        </Badge>
                        {u.stripeSubscription?.current_period_end ? (
                          <span className="ml-2 text-xs text-muted-foreground">
                            until {formatDate(u.stripeSubscription.current_period_end)}
                          </span>
                        ) : null}
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDate(u.createdAt)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
