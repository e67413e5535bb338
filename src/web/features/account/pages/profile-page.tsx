import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Pencil, UserRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type ProfileBody, profileBody, type UserDto } from '@/contracts/auth';
import { planReading, trialDaysLeft } from '@/domain/subscription/plan-reading';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Form, InputField } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { MANAGERS_ONLY_LINE, managesCompany } from '@/web/lib/access';
import { serverMessage } from '@/web/lib/api-client';
import { formatDate } from '@/web/lib/format';
import { sessionKeys } from '@/web/lib/session-keys';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useUpdateProfile } from '../api/update-profile';
import { SubscriptionBadge } from '../components/subscription-badge';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

function PersonalInformation({ user }: { user: UserDto }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const defaults = { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email };
  const form = useForm<ProfileBody>({ resolver: zodResolver(profileBody), defaultValues: defaults });

  const cancel = () => {
    form.reset(defaults);
    setEditing(false);
  };

  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync({ ...values, email: user.email }).then(
      (updated) => {
        form.reset({
          firstName: updated.firstName ?? '',
          lastName: updated.lastName ?? '',
          email: updated.email,
        });
        setEditing(false);
        toast({ title: 'Profile Updated', description: 'Your name has been saved.' });
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Update Failed',
          description: serverMessage(error) ?? 'Please try again.',
        }),
    ),
  );

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2" className="flex items-center gap-2">
            <UserRound className="size-5 text-primary" aria-hidden="true" />
            Personal Information
          </CardTitle>
          <CardDescription>Your name as your team sees it.</CardDescription>
        </div>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
      </CardHeader>
      {editing ? (
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate>
            <CardContent className="grid gap-5">
              <div className="grid gap-5 sm:grid-cols-2">
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
                description="Your email address cannot be changed."
                type="email"
                disabled
              />
            </CardContent>
            <CardFooter className="justify-end gap-2">
              <Button type="button" variant="outline" onClick={cancel} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </CardFooter>
          </form>
        </Form>
      ) : (
        <CardContent>
          <dl className="grid gap-4">
            <Detail label="First name">{user.firstName || '—'}</Detail>
            <Detail label="Last name">{user.lastName || '—'}</Detail>
            <Detail label="Email">{user.email}</Detail>
          </dl>
        </CardContent>
      )}
    </Card>
  );
}

/** Cancelling from the profile sends no payload: the company's data is kept. */
function CancelSubscriptionButton({ onTrial }: { onTrial: boolean }) {
  const queryClient = useQueryClient();
  const cancel = useCancelSubscription();
  const [open, setOpen] = useState(false);
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setOpen(false);
        toast({ title: 'Trial Cancelled', description: result.message || 'Subscription cancelled' });
        void queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Cancel Failed',
          description: serverMessage(error) ?? 'Cancellation failed',
        }),
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{onTrial ? 'Cancel your free trial?' : 'Cancel your subscription?'}</DialogTitle>
          <DialogDescription>
            Your access ends now. Your data is kept, and you can subscribe again at any time.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={cancel.isPending}>
              Keep Subscription
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Yes, Cancel'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SubscriptionDetails({ user }: { user: UserDto }) {
  const company = user.company;
  if (!company) return null;
  const plan = planReading();
  const trialEnds = company.trialEndsAt ? new Date(company.trialEndsAt) : null;
  const daysLeft = trialDaysLeft(trialEnds, new Date());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CreditCard className="size-5 text-primary" aria-hidden="true" />
          Subscription Details
        </CardTitle>
        <CardDescription>{company.name}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          <Detail label="Status">
            <SubscriptionBadge status={company.subscriptionStatus} />
          </Detail>
          <Detail label="Plan">
            {plan.name} — {plan.price}
            {plan.note && <span className="text-muted-foreground"> ({plan.note})</span>}
          </Detail>
          {company.subscriptionStatus === 'trial' && (
            <Detail label="Trial ends">
              {trialEnds ? (
                <>
                  {formatDate(trialEnds)}
                  <span className="text-muted-foreground">
                    {' '}
                    ({daysLeft === 1 ? '1 day left' : `${daysLeft} days left`})
                  </span>
                </>
              ) : (
                'No end date'
              )}
            </Detail>
          )}
        </dl>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        {!managesCompany(user) && (
          <p role="note" className="w-full text-sm text-muted-foreground">
            {MANAGERS_ONLY_LINE}
          </p>
        )}
        {managesCompany(user) && company.subscriptionStatus === 'trial' && (
          <Button asChild size="sm">
            <Link to="/subscription-setup">Choose Plan</Link>
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <Link to="/account-settings">Manage in Account Settings</Link>
        </Button>
        {managesCompany(user) &&
          (company.subscriptionStatus === 'trial' || company.subscriptionStatus === 'active') && (
            <CancelSubscriptionButton onTrial={company.subscriptionStatus === 'trial'} />
          )}
      </CardFooter>
    </Card>
  );
}

/** /profile: personal information (view ⇄ edit, cancel resets) and subscription details. */
export function ProfilePage({ user }: { user: UserDto }) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title="Profile" description="Your personal information and subscription." />
      <PersonalInformation user={user} />
      <SubscriptionDetails user={user} />
    </div>
  );
}
