import type { ProjectStatus } from '@/contracts/enums';
import type { BadgeProps } from '@/web/components/ui/badge';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

/** `active` is labelled "On Track". */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: 'On Track',
  'on-hold': 'On Hold',
  completed: 'Completed',
  'at-risk': 'At Risk',
  planning: 'Planning',
};

/** Badge colours: active green, at-risk yellow, on-hold grey, completed blue. */
export const PROJECT_STATUS_VARIANTS: Record<ProjectStatus, BadgeVariant> = {
  active: 'success',
  'at-risk': 'warning',
  'on-hold': 'muted',
  completed: 'info',
  planning: 'outline',
};

/** The statuses the edit form offers (`planning`, given only to duplicates, is not among them). */
export const EDITABLE_PROJECT_STATUSES = ['active', 'on-hold', 'completed', 'at-risk'] as const;

/** The status filter of the Portfolio. */
export const PROJECT_STATUS_FILTERS = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'on-hold', label: 'On Hold' },
  { value: 'completed', label: 'Completed' },
  { value: 'at-risk', label: 'At Risk' },
] as const;
export type ProjectStatusFilter = (typeof PROJECT_STATUS_FILTERS)[number]['value'];

/** Task statuses are shown the same way on every screen. */
export { TASK_STATUS_LABELS, TASK_STATUS_VARIANTS } from '@/web/lib/task-status';
