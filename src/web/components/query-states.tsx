import type { ReactNode } from 'react';
import { Spinner } from '@/web/components/ui/spinner';
import { apiFailureReason } from '@/web/lib/api-client';

/** A screen's data on its way: a spinner in the middle of the space it will take. */
export function LoadingBlock() {
  return (
    <div className="flex justify-center py-12">
      <Spinner />
    </div>
  );
}

/** A screen's data that could not be loaded, with the server's reason when it gave one. */
export function LoadFailed({ what, error }: { what: string; error: unknown }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
      {what} could not be loaded: {apiFailureReason(error) ?? 'please try again.'}
    </p>
  );
}

/** A screen with nothing to show yet, saying how to get something there. */
export function EmptyBlock({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
