import type { ChangeOrderStatus } from '@/contracts/change-orders';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';
import { STATUS_LABELS } from '../lib/change-order-view';

const VARIANTS: Readonly<Record<ChangeOrderStatus, NonNullable<BadgeProps['variant']>>> = {
  draft: 'muted',
  sent: 'info',
  approved: 'success',
  declined: 'warning',
  void: 'outline',
};

export function StatusBadge({ status }: { status: ChangeOrderStatus }) {
  return <Badge variant={VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** Working days the finish moves, coloured: later in red, earlier in green. */
export function DaysMoved({ delta }: { delta: number | null | undefined }) {
  if (delta === null || delta === undefined) return <span className="text-muted-foreground">—</span>;
  if (delta === 0) return <span className="text-muted-foreground">No change</span>;
  const n = Math.abs(delta);
  return (
    <span className={delta > 0 ? 'font-medium text-red-700' : 'font-medium text-green-700'}>
      {delta > 0 ? '+' : '−'}
      {n} wd
      <span className="sr-only">
        {' '}
        (working {n === 1 ? 'day' : 'days'} {delta > 0 ? 'later' : 'earlier'})
      </span>
    </span>
  );
}
