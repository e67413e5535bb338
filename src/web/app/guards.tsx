import { RefreshCw, ServerCrash } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { FullPageSpinner } from '@/web/components/ui/spinner';
import { useUser } from '@/web/features/auth/api/get-user';
import { homeAfterAuth, useInviteToken } from '@/web/features/auth/components/invite-notice';
import { gateRedirect } from './gate';
import { useSessionUser } from './session';

function SessionError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="flex max-w-sm flex-col items-center gap-4 text-center">
        <ServerCrash className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">We couldn&apos;t reach the server</h1>
        <p className="text-sm text-muted-foreground">
          Check your connection and try again. If this keeps happening, contact support.
        </p>
        <Button onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    </main>
  );
}

/**
 * Loads the session once for every route (a spinner meanwhile), then applies the gate:
 * no company → /subscription-setup, payment required → /payment-required.
 */
export function SessionGate() {
  const session = useUser();
  const { pathname } = useLocation();
  if (session.isPending) return <FullPageSpinner label="Checking your session" />;
  if (session.isError) {
    return <SessionError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  }
  const user = session.data;
  const target = user ? gateRedirect(user, pathname) : null;
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}

/**
 * /signin and /signup: a signed-in visitor goes where a fresh sign-in would take them (one who just
 * joined a company through an invitation link, to its projects).
 */
export function PublicOnly() {
  const user = useSessionUser();
  const inviteToken = useInviteToken();
  if (user) return <Navigate to={homeAfterAuth(user, inviteToken)} replace />;
  return <Outlet />;
}

/** Screens for signed-in users only; others go to /signin. */
export function RequireSignedIn() {
  const user = useSessionUser();
  if (!user) return <Navigate to="/signin" replace />;
  return <Outlet />;
}

/** /admin: owners and admins only; everyone else goes home. */
export function RequireAdmin() {
  const user = useSessionUser();
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
