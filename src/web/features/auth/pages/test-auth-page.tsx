import { RefreshCw } from 'lucide-react';
import { PageHeader } from '@/web/components/page-header';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { formatDate } from '@/web/lib/format';
import { useTestSession } from '../api/get-test-session';
import { useUser } from '../api/get-user';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-all text-foreground">{value}</dd>
    </div>
  );
}

/** /test-auth: a developer's view of the session and the signed-in user. */
export function TestAuthPage() {
  const session = useTestSession();
  const user = useUser();
  const refresh = () => {
    void session.refetch();
    void user.refetch();
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title="Authentication Test"
        description="Checks what the server knows about this browser's session."
        actions={
          <Button variant="outline" onClick={refresh} disabled={session.isFetching || user.isFetching}>
            <RefreshCw aria-hidden="true" />
            Run again
          </Button>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            Server session
            {session.data &&
              (session.data.authenticated ? (
                <Badge variant="success">Authenticated</Badge>
              ) : (
                <Badge variant="muted">Not signed in</Badge>
              ))}
          </CardTitle>
          <CardDescription>GET /api/test-session</CardDescription>
        </CardHeader>
        <CardContent>
          {session.isPending ? (
            <Spinner />
          ) : session.isError ? (
            <p className="text-sm text-destructive">{session.error.message}</p>
          ) : (
            <dl className="divide-y divide-border">
              <Row label="Session" value={session.data.sessionId ?? '—'} />
              <Row label="User id" value={session.data.userId ?? '—'} />
              <Row label="Expires" value={formatDate(session.data.expires) || '—'} />
            </dl>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Current user</CardTitle>
          <CardDescription>GET /api/auth/user</CardDescription>
        </CardHeader>
        <CardContent>
          {user.isPending ? (
            <Spinner />
          ) : user.isError ? (
            <p className="text-sm text-destructive">{user.error.message}</p>
          ) : user.data ? (
            <dl className="divide-y divide-border">
              <Row label="Email" value={user.data.email} />
              <Row
                label="Name"
                value={[user.data.firstName, user.data.lastName].filter(Boolean).join(' ') || '—'}
              />
              <Row label="Role" value={user.data.role} />
              <Row label="Company" value={user.data.company?.name ?? 'None yet'} />
              <Row label="Subscription" value={user.data.company?.subscriptionStatus ?? '—'} />
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">Nobody is signed in (the server answered 401).</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
