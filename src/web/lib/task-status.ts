import type { TaskStatus } from '@/contracts/enums';
import type { BadgeProps } from '@/web/components/ui/badge';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  'not-started': 'Not Started',
  'in-progress': 'In Progress',
  'on-track': 'On Track',
  behind: 'Behind',
  blocked: 'Blocked',
  'on-hold': 'On Hold',
  completed: 'Completed',
};

export const TASK_STATUS_VARIANTS: Record<TaskStatus, BadgeVariant> = {
  'not-started': 'muted',
  'in-progress': 'info',
  'on-track': 'success',
  behind: 'warning',
  blocked: 'destructive',
  'on-hold': 'muted',
  completed: 'success',
};
