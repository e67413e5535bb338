import type { SubscriptionStatus } from '@/contracts/enums';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';

const BADGES: Record<SubscriptionStatus, { label: string; variant: BadgeProps['variant'] }> = {
  trial: { label: 'Free Trial', variant: 'info' },
  active: { label: 'Active', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'destructive' },
  past_due: { label: 'Past Due', variant: 'warning' },
};

/** The subscription status as a badge, cancelled and past_due included. */
export function SubscriptionBadge({ status }: { status: SubscriptionStatus }) {
  const { label, variant } = BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}
