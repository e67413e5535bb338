import { HardHat } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/** The product mark: "Babe" with the subtitle "Construction Manager". */
export function Brand({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm"
      >
        <HardHat className="size-5" />
      </span>
      <span className="flex flex-col leading-tight">
        <span className="text-lg font-bold tracking-tight text-foreground">Babe</span>
        <span
          className={cn('text-xs font-medium text-muted-foreground', compact && 'sr-only sm:not-sr-only')}
        >
          Construction Manager
        </span>
      </span>
    </span>
  );
}
