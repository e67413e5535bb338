import { Loader2 } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/** A spinning indicator with a screen-reader label. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A whole-screen loading state: the first thing the app draws, so its classes are written out
 * rather than merged (merging builds its class tables on first use, time the start-up needs).
 */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <span role="status" className="inline-flex items-center">
        <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
        <span className="sr-only">{label}</span>
      </span>
    </div>
  );
}
