import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type SignupForm, signupForm } from '@/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Form, InputField } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { fieldError } from '@/web/lib/field-error';
import { sessionKeys } from '@/web/lib/session-keys';
import { wait } from '@/web/lib/wait';
import { useSignUp } from '../api/sign-up';
import { AuthShell } from '../components/auth-shell';
import {
  homeAfterAuth,
  InviteNotice,
  useInvitedEmail,
  useInviteToken,
  withInvite,
} from '../components/invite-notice';
import { PlanBenefits } from '../components/plan-benefits';
import { AFTER_SIGN_IN_DELAY_MS } from './sign-in-page';

export function SignUpPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const inviteToken = useInviteToken();
  const invitedEmail = useInvitedEmail();
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupForm),
    defaultValues: { firstName: '', lastName: '', email: invitedEmail, password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    signUp.mutateAsync({ ...body, ...(inviteToken ? { inviteToken } : {}) }).then(
      async (user) => {
        toast({
          title: 'Account created!',
          description: 'Welcome to Babe. Set up your company to start your 14-day free trial.',
        });
        await wait(AFTER_SIGN_IN_DELAY_MS);
        queryClient.setQueryData(sessionKeys.user(), user);
        await navigate(homeAfterAuth(user, inviteToken), { replace: true });
      },
      (error: unknown) => {
        // A password the server refuses (one of the most common) is said under its field.
        const message = fieldError(error, 'password');
        if (message) {
          form.setError('password', { message });
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Sign up failed',
          description: serverMessage(error) ?? 'Registration failed',
        });
      },
    ),
  );

  const busy = signUp.isPending || signUp.isSuccess;

  return (
    <AuthShell title="Create your account" wide>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_1.1fr] lg:gap-10">
        <Card className="lg:order-2">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              Create your account
            </CardTitle>
            <CardDescription>Start your 14-day free trial. No charge today.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <InviteNotice token={inviteToken} />
            <Form {...form}>
              <form onSubmit={onSubmit} noValidate className="grid gap-4">
                <div className="grid gap-4 sm:grid-cols-2">
                  <InputField
                    control={form.control}
                    name="firstName"
                    label="First name"
                    autoComplete="given-name"
                  />
                  <InputField
                    control={form.control}
                    name="lastName"
                    label="Last name"
                    autoComplete="family-name"
                  />
                </div>
                <InputField
                  control={form.control}
                  name="email"
                  label="Email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                />
                <InputField
                  control={form.control}
                  name="password"
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                />
                <InputField
                  control={form.control}
                  name="confirmPassword"
                  label="Confirm password"
                  type="password"
                  autoComplete="new-password"
                />
                <Button type="submit" className="mt-1 w-full" disabled={busy}>
                  {busy ? 'Creating account...' : 'Create Account'}
                </Button>
              </form>
            </Form>
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{' '}
              <Link
                to={withInvite('/signin', inviteToken, invitedEmail)}
                className="font-medium text-primary hover:underline"
              >
                Sign in
              </Link>
            </p>
          </CardContent>
        </Card>
        <div className="lg:order-1">
          <PlanBenefits />
        </div>
      </div>
    </AuthShell>
  );
}
