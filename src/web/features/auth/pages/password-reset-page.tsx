import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  type PasswordResetRequestBody,
  passwordResetConfirmBody,
  passwordResetRequestBody,
} from '@/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Form, InputField } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { fieldError } from '@/web/lib/field-error';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthShell } from '../components/auth-shell';

/** The new-password form: the contract's password rule, typed twice. */
const newPasswordForm = z
  .object({
    password: passwordResetConfirmBody.shape.password,
    confirmPassword: passwordResetConfirmBody.shape.password,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
type NewPasswordForm = z.infer<typeof newPasswordForm>;

function BackToSignIn({ label = 'Back to Sign In' }: { label?: string }) {
  return (
    <Button asChild variant="outline" className="w-full">
      <Link to="/signin">{label}</Link>
    </Button>
  );
}

function showResetFailed(error: unknown) {
  toast({
    variant: 'destructive',
    title: 'Reset Failed',
    description: serverMessage(error) ?? 'Please try again.',
  });
}

function RequestResetForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<PasswordResetRequestBody>({
    resolver: zodResolver(passwordResetRequestBody),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    request.mutateAsync(values).then(() => setSentTo(values.email), showResetFailed),
  );

  if (sentTo) {
    return (
      <Card>
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-green-100 text-green-700">
            <MailCheck className="size-6" aria-hidden="true" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            Email Sent!
          </CardTitle>
          <CardDescription>
            If an account exists for <span className="font-medium text-foreground">{sentTo}</span>, a link to
            reset your password is on its way. It works once and expires in an hour.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BackToSignIn />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          Reset your password
        </CardTitle>
        <CardDescription>
          Enter your email and we&apos;ll send you a link to choose a new password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
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
            <Button type="submit" className="w-full" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        </Form>
        <p className="text-center text-sm text-muted-foreground">
          Remembered it?{' '}
          <Link to="/signin" className="font-medium text-primary hover:underline">
            Back to Sign In
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function ChooseNewPasswordForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) =>
    confirm.mutateAsync({ token, password }).then(
      () => undefined,
      (error: unknown) => {
        // A password the server refuses (one of the most common) is said under its field.
        const message = fieldError(error, 'password');
        if (message) form.setError('password', { message });
        else showResetFailed(error);
      },
    ),
  );

  if (confirm.isSuccess) {
    return (
      <Card>
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-green-100 text-green-700">
            <CheckCircle2 className="size-6" aria-hidden="true" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            Password updated
          </CardTitle>
          <CardDescription>Your password has been changed. Sign in with your new password.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link to="/signin">Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          Choose a new password
        </CardTitle>
        <CardDescription>At least 8 characters. This signs you out on every device.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <InputField
              control={form.control}
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
            />
            <InputField
              control={form.control}
              name="confirmPassword"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" className="w-full" disabled={confirm.isPending}>
              {confirm.isPending ? 'Saving...' : 'Set New Password'}
            </Button>
          </form>
        </Form>
        <BackToSignIn />
      </CardContent>
    </Card>
  );
}

/** /password-reset: ask for a reset email, or, with ?token=…, choose the new password. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthShell title="Reset Password">
      {token ? <ChooseNewPasswordForm token={token} /> : <RequestResetForm />}
    </AuthShell>
  );
}
