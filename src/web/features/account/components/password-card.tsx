import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type PasswordChangeForm, passwordChangeForm } from '@/contracts/password-change';
import { Button } from '@/web/components/ui/button';
import { Form, InputField } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { fieldError } from '@/web/lib/field-error';
import { useChangePassword } from '../api/change-password';
import { SettingsCard } from './settings-card';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * Password & Security: change the password with the current one (every other session then ends),
 * or reset it by email when it is forgotten.
 */
export function PasswordCard() {
  const change = useChangePassword();
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    change.mutateAsync(body).then(
      ({ endedSessions }) => {
        form.reset();
        toast({
          title: 'Password changed',
          description:
            endedSessions > 0
              ? 'Your other sessions were signed out; sign in there with the new password.'
              : 'Sign in with the new password from now on.',
        });
      },
      (error: unknown) => {
        // The server names the field it refuses: a wrong current password, a common new one.
        const fields = FIELDS.filter((field) => fieldError(error, field));
        for (const field of fields) form.setError(field, { message: fieldError(error, field) });
        if (fields.length === 0) {
          toast({
            variant: 'destructive',
            title: 'Password not changed',
            description: serverMessage(error) ?? 'Please try again.',
          });
        }
      },
    ),
  );

  return (
    <SettingsCard
      icon={KeyRound}
      title="Password & Security"
      description="Change the password you sign in with. Your other sessions are signed out."
    >
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-sm">
          <InputField
            control={form.control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <InputField
            control={form.control}
            name="newPassword"
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
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button type="submit" variant="outline" className="w-full sm:w-fit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
            <Link to="/password-reset" className="text-sm text-primary underline-offset-4 hover:underline">
              Forgot it? Reset by email
            </Link>
          </div>
        </form>
      </Form>
    </SettingsCard>
  );
}
