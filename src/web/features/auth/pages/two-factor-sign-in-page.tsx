import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type TwoFactorVerifyBody, twoFactorVerifyBody } from '@/contracts/two-factor';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/web/components/ui/form';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/use-toast';
import { ApiError, serverMessage } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { AuthShell } from '../components/auth-shell';
import { homeAfterAuth } from '../components/invite-notice';

/**
 * /signin/two-factor: the second step of signing in, after the password or Google. A code of the
 * authenticator app, or one of the recovery codes; a lapsed first step goes back to /signin.
 */
export function TwoFactorSignInPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const verify = useVerifyTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const form = useForm<TwoFactorVerifyBody>({
    resolver: zodResolver(twoFactorVerifyBody),
    defaultValues: { code: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    verify.mutateAsync(values).then(
      async (user) => {
        toast({ title: 'Welcome back!', description: 'You have successfully signed in.' });
        queryClient.setQueryData(sessionKeys.user(), user);
        await navigate(homeAfterAuth(user, undefined), { replace: true });
      },
      async (error: unknown) => {
        if (error instanceof ApiError && error.code === 'two_factor_not_pending') {
          toast({ variant: 'destructive', title: 'Sign in again', description: serverMessage(error) });
          await navigate('/signin', { replace: true });
          return;
        }
        form.setError('code', { message: serverMessage(error) ?? 'That code is not right' });
      },
    ),
  );

  const busy = verify.isPending || verify.isSuccess;
  return (
    <AuthShell title="Two-step sign-in">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Two-step sign-in
          </CardTitle>
          <CardDescription>
            {recovery
              ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <FormField
                control={form.control}
                name="code"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{recovery ? 'Recovery code' : 'Authentication code'}</FormLabel>
                    <FormControl>
                      <Input
                        autoComplete="one-time-code"
                        autoFocus
                        {...(recovery
                          ? { placeholder: 'xxxx-xxxx-xxxx-xxxx', spellCheck: false, autoCapitalize: 'none' }
                          : { inputMode: 'numeric' as const, placeholder: '123456', maxLength: 6 })}
                        className={recovery ? 'font-mono' : 'font-mono text-lg tracking-[0.3em]'}
                        {...field}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? 'Checking...' : 'Verify'}
              </Button>
              <Button
                type="button"
                variant="link"
                className="justify-self-center"
                onClick={() => {
                  setRecovery(!recovery);
                  form.reset({ code: '' });
                }}
              >
                {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
              </Button>
            </form>
          </Form>
          <p className="text-center text-sm text-muted-foreground">
            Not you, or lost both?{' '}
            <Link to="/signin" className="font-medium text-primary hover:underline">
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
