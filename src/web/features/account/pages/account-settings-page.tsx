import { useQueryClient } from '@tanstack/react-query';
import { Info, KeyRound, ShieldCheck, Trash2, UserRound, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DELETE_CONFIRMATION } from '@/contracts/account';
import type { UserDto } from '@/contracts/auth';
import { REDIRECT_DELAYS } from '@/domain/subscription/payment-return';
import { trialDaysLeft } from '@/domain/subscription/plan-reading';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { formatDate } from '@/web/lib/format';
import { sessionKeys } from '@/web/lib/session-keys';
import { cn } from '@/web/lib/utils';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useDeleteAccount } from '../api/delete-account';
import { TeamCard } from '../components/team-card';

function SettingsCard({
  icon: Icon,
  title,
  description,
  children,
  danger = false,
}: {
  icon: typeof Info;
  title: string;
  description: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Card className={cn(danger && 'border-red-200')}>
      <CardHeader>
        <CardTitle as="h2" className={cn('flex items-center gap-2', danger && 'text-destructive')}>
          <Icon className={cn('size-5', danger ? 'text-destructive' : 'text-primary')} aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The trial cancel card: only while on trial; optionally deletes the company's data with it. */
function CancelTrialCard({ user }: { user: UserDto }) {
  const queryClient = useQueryClient();
  const cancel = useCancelSubscription();
  const [open, setOpen] = useState(false);
  const [deleteData, setDeleteData] = useState(false);
  const checkboxId = useId();
  const trialEnds = user.company?.trialEndsAt ? new Date(user.company.trialEndsAt) : null;
  const daysLeft = trialDaysLeft(trialEnds, new Date());

  const confirm = () =>
    cancel.mutate(
      { deleteDataOnCancel: deleteData },
      {
        onSuccess: (result) => {
          setOpen(false);
          toast({ title: 'Trial Cancelled', description: result.message || 'Subscription cancelled' });
          // The company now needs payment: the gate moves the user on.
          void queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Cancel Failed',
            description: serverMessage(error) ?? 'Cancellation failed',
          }),
      },
    );

  return (
    <SettingsCard
      icon={XCircle}
      title="Free Trial"
      description={
        trialEnds
          ? `Your free trial ends on ${formatDate(trialEnds)} (${daysLeft === 1 ? '1 day' : `${daysLeft} days`} left).`
          : 'You are on the free trial.'
      }
    >
      <div className="grid gap-4">
        {user.isAdmin && (
          <div className="flex items-start gap-3">
            <Checkbox
              id={checkboxId}
              checked={deleteData}
              onCheckedChange={(value) => setDeleteData(value === true)}
            />
            <div className="grid gap-1">
              <Label htmlFor={checkboxId}>Delete my company&apos;s data when I cancel</Label>
              <p className="text-sm text-muted-foreground">
                Projects, tasks, contacts, documents, insights and updates are deleted permanently.
              </p>
            </div>
          </div>
        )}
        <Dialog open={open} onOpenChange={setOpen}>
          <Button variant="outline" className="w-full sm:w-fit" onClick={() => setOpen(true)}>
            Cancel Trial
          </Button>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Cancel your free trial?</DialogTitle>
              <DialogDescription>
                {deleteData
                  ? "Your trial ends now and your company's projects, tasks, contacts, documents, insights and updates are deleted. This cannot be undone."
                  : 'Your trial ends now. Your data is kept, and you can subscribe at any time to continue.'}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={cancel.isPending}>
                  Keep My Trial
                </Button>
              </DialogClose>
              <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
                {cancel.isPending ? 'Cancelling...' : 'Yes, Cancel Trial'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </div>
    </SettingsCard>
  );
}

/** Account deletion: typing exactly DELETE confirms; then home after 2 s. */
function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [deleted, setDeleted] = useState(false);
  const inputId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const confirm = () => {
    if (confirmation !== DELETE_CONFIRMATION) {
      toast({
        variant: 'destructive',
        title: 'Invalid confirmation',
        description: 'Please type DELETE to confirm',
      });
      return;
    }
    remove.mutate(confirmation, {
      onSuccess: () => {
        setDeleted(true);
        toast({ title: 'Account deleted', description: 'Your account has been deleted. Goodbye!' });
        timer.current = setTimeout(() => {
          queryClient.clear();
          queryClient.setQueryData(sessionKeys.user(), null);
          void navigate('/', { replace: true });
        }, REDIRECT_DELAYS.afterAccountDeletedMs);
      },
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Deletion failed',
          description: 'Could not delete account. Please try again.',
        }),
    });
  };

  return (
    <SettingsCard
      icon={Trash2}
      title="Account Deletion"
      description="Permanently delete your account. When you are the last member of your company, the company and all its data are deleted too."
      danger
    >
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (deleted) return;
          setOpen(next);
          if (!next) setConfirmation('');
        }}
      >
        <Button variant="destructive" className="w-full sm:w-fit" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This cannot be undone. Type <strong className="font-semibold text-foreground">DELETE</strong> to
              confirm.
            </DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              confirm();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={inputId}>Confirmation</Label>
              <Input
                id={inputId}
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
                placeholder="DELETE"
                autoComplete="off"
                disabled={deleted}
              />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={remove.isPending || deleted}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={remove.isPending || deleted}>
                {remove.isPending ? 'Deleting...' : deleted ? 'Account deleted' : 'Delete My Account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}

/**
 * /account-settings: profile link, the trial cancel card while on trial, Password & Security,
 * Team for owners and admins, Admin Management for admins, Account Deletion and About.
 */
export function AccountSettingsPage({ user }: { user: UserDto }) {
  const onTrial = user.company?.subscriptionStatus === 'trial';
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title="Account Settings" description="Manage your account, security and subscription." />
      <SettingsCard icon={UserRound} title="Profile" description="Your name and subscription details.">
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to="/profile">View Profile</Link>
        </Button>
      </SettingsCard>
      {onTrial && <CancelTrialCard user={user} />}
      <SettingsCard
        icon={KeyRound}
        title="Password & Security"
        description="Change the password you sign in with."
      >
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to="/password-reset">Change Password</Link>
        </Button>
      </SettingsCard>
      {(user.role === 'owner' || user.role === 'admin') && user.companyId !== null && <TeamCard />}
      {user.isAdmin && (
        <SettingsCard
          icon={ShieldCheck}
          title="Admin Management"
          description="Manage users and answer feedback."
        >
          <Button asChild variant="outline" className="w-full sm:w-fit">
            <Link to="/admin">Open Admin Dashboard</Link>
          </Button>
        </SettingsCard>
      )}
      <DeleteAccountCard />
      <SettingsCard icon={Info} title="About" description="Who builds Babe and how to reach support.">
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to="/about">About Babe</Link>
        </Button>
      </SettingsCard>
    </div>
  );
}
