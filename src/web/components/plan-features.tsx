import { CheckCircle2 } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/** What the one plan includes. */
export const PLAN_FEATURES = [
  'Project management and tracking',
  'Contact and client management',
  'Task scheduling and Gantt charts',
  'Budget and progress tracking',
  'Document upload and storage',
  'Project insights and analytics',
] as const;

export function PlanFeatureList({ className }: { className?: string }) {
  return (
    <ul className={cn('grid gap-2.5 text-sm', className)}>
      {PLAN_FEATURES.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
