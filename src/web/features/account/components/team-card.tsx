import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus, Trash2, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type CreateInviteInput,
  createInviteBody,
  TEAM_ROLES,
  type TeamMemberDto,
  type TeamRole,
} from '@/contracts/team';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { formatDate } from '@/web/lib/format';
import { useChangeMemberRole } from '../api/change-member-role';
import { useTeam } from '../api/get-team';
import { useInviteMember } from '../api/invite-member';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvite } from '../api/revoke-invite';

const ROLE_LABELS: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

function InviteForm() {
  const invite = useInviteMember();
  const form = useForm<CreateInviteInput>({
    resolver: zodResolver(createInviteBody),
    defaultValues: { email: '', role: 'member' },
  });
  const role = form.watch('role') ?? 'member';
  const onSubmit = form.handleSubmit((values) =>
    invite.mutateAsync(values).then(
      (sent) => {
        form.reset({ email: '', role: values.role });
        toast({ title: 'Invitation sent', description: `An invitation link was emailed to ${sent.email}.` });
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Invitation failed',
          description: serverMessage(error) ?? 'Please try again.',
        }),
    ),
  );
  const emailError = form.formState.errors.email?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2 sm:grid-cols-[1fr_9rem_auto] sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor="invite-email">Invite by email</Label>
        <Input
          id="invite-email"
          type="email"
          placeholder="colleague@company.com"
          aria-invalid={emailError ? true : undefined}
          {...form.register('email')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="invite-role">Role</Label>
        <Select value={role} onValueChange={(v) => form.setValue('role', v as TeamRole)}>
          <SelectTrigger id="invite-role" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TEAM_ROLES.map((r) => (
              <SelectItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        <MailPlus aria-hidden="true" />
        {invite.isPending ? 'Sending...' : 'Send Invite'}
      </Button>
      {emailError ? <p className="text-sm text-destructive sm:col-span-3">{emailError}</p> : null}
    </form>
  );
}

function MemberRow({ member, canManage }: { member: TeamMemberDto; canManage: boolean }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const editable = canManage && member.role !== 'owner';

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium">{member.name}</p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
      </div>
      <div className="flex items-center gap-2">
        {editable ? (
          <Select
            value={member.role}
            disabled={changeRole.isPending}
            onValueChange={(v) =>
              changeRole.mutate(
                { userId: member.id, role: v as TeamRole },
                {
                  onSuccess: () => toast({ title: 'Role updated' }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Error',
                      description: serverMessage(error) ?? 'Failed to change the role.',
                    }),
                },
              )
            }
          >
            <SelectTrigger className="w-28" aria-label={`Role of ${member.name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TEAM_ROLES.map((r) => (
                <SelectItem key={r} value={r}>
                  {ROLE_LABELS[r]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : (
          <Badge variant="muted">{ROLE_LABELS[member.role] ?? member.role}</Badge>
        )}
        {editable ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${member.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove member"
        description={`Remove ${member.name} from the company? They are signed out and lose access to its projects.`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(member.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Member removed' });
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Error',
                description: serverMessage(error) ?? 'Failed to remove the member.',
              }),
          })
        }
      />
    </li>
  );
}

/** Team: the company's members and open invitations; the owner invites, changes roles and removes. */
export function TeamCard() {
  const team = useTeam();
  const revoke = useRevokeInvite();
  const canManage = team.data?.canManage ?? false;

  return (
    // min-w-0: a long address in the lists truncates instead of widening the settings column.
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Users className="size-5" aria-hidden="true" />
          Team
        </CardTitle>
        <CardDescription>
          {canManage
            ? 'Invite people to your company and manage their roles.'
            : 'The people in your company.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {team.isPending ? (
          <Spinner label="Loading the team" />
        ) : team.isError ? (
          <p className="text-sm text-destructive">The team could not be loaded.</p>
        ) : (
          <>
            {canManage ? <InviteForm /> : null}
            <ul aria-label="Members" className="divide-y divide-border">
              {team.data.members.map((m) => (
                <MemberRow key={m.id} member={m} canManage={canManage} />
              ))}
            </ul>
            {team.data.invites.length > 0 ? (
              <div className="grid min-w-0 gap-2">
                <p className="text-sm font-medium">Pending invitations</p>
                <ul aria-label="Pending invitations" className="grid gap-2">
                  {team.data.invites.map((i) => (
                    <li
                      key={i.id}
                      className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-lg bg-muted p-3 text-sm"
                    >
                      <span className="min-w-0 truncate">
                        {i.email} · {ROLE_LABELS[i.role]} · expires {formatDate(i.expiresAt)}
                      </span>
                      {canManage ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate(i.id)}
                          aria-label={`Withdraw the invitation to ${i.email}`}
                        >
                          <X aria-hidden="true" />
                          Withdraw
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
