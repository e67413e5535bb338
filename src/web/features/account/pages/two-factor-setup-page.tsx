import { ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { UserDto } from '@/contracts/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { homeAfterSignIn } from '@/web/lib/access';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { TwoFactorSetup } from '../components/two-factor-setup';

/**
 * /two-factor-setup: where a user whose company requires two-step sign-in is sent until they have
 * set it up (the gate opens nothing else); afterwards, on to where a sign-in goes.
 */
export function TwoFactorSetupPage({ user }: { user: UserDto }) {
  useDocumentTitle('Set up two-step sign-in');
  const navigate = useNavigate();
  const status = useTwoFactorStatus();
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <CardTitle as="h1" className="flex items-center gap-2 text-2xl">
          <ShieldCheck className="size-6 text-primary" aria-hidden="true" />
          Set up two-step sign-in
        </CardTitle>
        <CardDescription>
          {user.company?.name ?? 'Your company'} asks everyone to sign in with a code from an authenticator
          app after their password. Set it up to continue.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.data ? (
          <TwoFactorSetup
            status={status.data}
            onFinished={() => void navigate(homeAfterSignIn(user), { replace: true })}
          />
        ) : (
          <Spinner label="Loading two-step sign-in" />
        )}
      </CardContent>
    </Card>
  );
}
