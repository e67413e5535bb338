import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/utils';

/**
 * A native <select> drawn like the text inputs: the editor's many rows of choices (task, cost code)
 * work with the keyboard, a screen reader and a phone's own picker without a popover each.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
