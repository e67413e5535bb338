import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type SigninForm, signinForm } from '@/contracts/auth';
import { pages } from '@/contracts/pages';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  InputField,
} from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';
import { wait } from '@/web/lib/wait';
import { useSignIn } from '../api/sign-in';
import { AuthShell } from '../components/auth-shell';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import {
  homeAfterAuth,
  InviteNotice,
  useInvitedEmail,
  useInviteToken,
  withInvite,
} from '../components/invite-notice';

/** After signing in the app waits about 100 ms before moving on. */
export const AFTER_SIGN_IN_DELAY_MS = 100;

/** The server sends a failed Google sign-in back to /signin?error=google: say so once, then tidy the URL. */
function useGoogleFailureNotice() {
  const [params, setParams] = useSearchParams();
  const failed = params.get('error') === 'google';
  useEffect(() => {
    if (!failed) return;
    toast({
      variant: 'destructive',
      title: 'Sign in failed',
      description: 'Google sign-in did not complete. Please try again.',
    });
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [failed, setParams]);
}

export function SignInPage() {
  useGoogleFailureNotice();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const inviteToken = useInviteToken();
  const invitedEmail = useInvitedEmail();
  const form = useForm<SigninForm>({
    resolver: zodResolver(signinForm),
    defaultValues: { email: invitedEmail, password: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutateAsync({ ...values, ...(inviteToken ? { inviteToken } : {}) }).then(
      async (result) => {
        // The password was right; the account asks for a code next, on its own page.
        if ('twoFactorRequired' in result) {
          await navigate(pages.twoFactorSignIn, { replace: true });
          return;
        }
        const user = result;
        toast({ title: 'Welcome back!', description: 'You have successfully signed in.' });
        await wait(AFTER_SIGN_IN_DELAY_MS);
        queryClient.setQueryData(sessionKeys.user(), user);
        await navigate(homeAfterAuth(user, inviteToken), { replace: true });
      },
      (error: unknown) => {
        toast({
          variant: 'destructive',
          title: 'Sign in failed',
          description: serverMessage(error) ?? 'Invalid credentials',
        });
      },
    ),
  );

  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <AuthShell title="Sign In">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Welcome back
          </CardTitle>
          <CardDescription>Sign in to manage your projects</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <InviteNotice token={inviteToken} />
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <InputField
                control={form.control}
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
              />
              <FormField
                control={form.control}
                name="password"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Password</FormLabel>
                    <FormControl>
                      <Input type="password" autoComplete="current-password" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button type="submit" className="mt-1 w-full" disabled={busy}>
                {busy ? 'Signing in...' : 'Sign In'}
              </Button>
              {/* After the button, so the keyboard goes email, password, Sign In. */}
              <Link
                to="/password-reset"
                className="justify-self-center rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                Forgot your password?
              </Link>
            </form>
          </Form>
          <GoogleSignInButton />
          <p className="text-center text-sm text-muted-foreground">
            Don&apos;t have an account?{' '}
            <Link
              to={withInvite('/signup', inviteToken, invitedEmail)}
              className="font-medium text-primary hover:underline"
            >
              Sign up
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
