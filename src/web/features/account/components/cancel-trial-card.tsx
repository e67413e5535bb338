import { useQueryClient } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { UserDto } from '@/contracts/auth';
import { trialDaysLeft } from '@/domain/subscription/plan-reading';
import { Button } from '@/web/components/ui/button';
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
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { formatDate } from '@/web/lib/format';
import { sessionKeys } from '@/web/lib/session-keys';
import { useCancelSubscription } from '../api/cancel-subscription';
import { SettingsCard } from './settings-card';

/**
 * The trial cancel card, for the company's owner and admins while on trial; optionally deletes the
 * company's data with it.
 */
export function CancelTrialCard({ user }: { user: UserDto }) {
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
