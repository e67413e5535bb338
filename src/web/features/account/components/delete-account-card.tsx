import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type AccountDeletionDto, DELETE_CONFIRMATION } from '@/contracts/account';
import { REDIRECT_DELAYS } from '@/domain/subscription/payment-return';
import { Button } from '@/web/components/ui/button';
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
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { MANAGERS_ONLY_LINE } from '@/web/lib/access';
import { serverMessage } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountDeletion } from '../api/get-account-deletion';
import { SettingsCard } from './settings-card';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What goes with the account, in plain words: the company and its records, or only the account. */
function DeletionConsequence({ preview }: { preview: AccountDeletionDto }) {
  if (!preview.companyDeleted || !preview.counts) {
    return (
      <p className="text-sm">
        Only your account is deleted.
        {preview.companyName
          ? ` ${preview.companyName} and its projects, documents and contacts stay with the other members.`
          : ''}
      </p>
    );
  }
  const { projects, documents, contacts } = preview.counts;
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
    >
      <p className="font-semibold">
        You are the last member of {preview.companyName}: the company is deleted with your account.
      </p>
      <p>Its projects, documents and contacts are deleted with it, and cannot be recovered:</p>
      <ul className="list-disc pl-5">
        <li>{counted(projects, 'project', 'projects')} (with their tasks and updates)</li>
        <li>{counted(documents, 'document', 'documents')}</li>
        <li>{counted(contacts, 'contact', 'contacts')}</li>
      </ul>
    </div>
  );
}

/** Account deletion: the dialog says what goes with it; typing exactly DELETE confirms; then home after 2 s. */
export function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const preview = useAccountDeletion(open);
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
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Deletion failed',
          description: serverMessage(error) ?? 'Could not delete account. Please try again.',
        }),
    });
  };

  const allowed = preview.data?.allowed ?? false;
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
          {preview.isPending ? (
            <Spinner className="size-5" label="Checking what is deleted with your account" />
          ) : preview.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not check what is deleted with your account. Close this and try again.
            </p>
          ) : (
            <DeletionConsequence preview={preview.data} />
          )}
          {preview.data && !allowed && (
            <p role="note" className="text-sm font-medium">
              {MANAGERS_ONLY_LINE}
            </p>
          )}
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              confirm();
            }}
          >
            {allowed && (
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
            )}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={remove.isPending || deleted}>
                  Cancel
                </Button>
              </DialogClose>
              {allowed && (
                <Button type="submit" variant="destructive" disabled={remove.isPending || deleted}>
                  {remove.isPending ? 'Deleting...' : deleted ? 'Account deleted' : 'Delete My Account'}
                </Button>
              )}
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}
