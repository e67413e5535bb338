import { AlertOctagon } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/web/components/ui/button';

/** Shown when a screen throws while rendering: says so and offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <AlertOctagon className="size-10 text-destructive" aria-hidden="true" />
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="text-sm text-muted-foreground">
          This screen hit an unexpected error. Reloading usually fixes it.
        </p>
        {detail && (
          <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs text-muted-foreground">{detail}</p>
        )}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </main>
  );
}
