import { MailCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { UserDto } from '@/contracts/auth';
import { INVITE_EMAIL_PARAM, INVITE_PARAM } from '@/contracts/pages';
import { homeAfterSignIn } from '@/web/lib/access';

/** The invitation token an invite link brought to /signup or /signin, if any. */
export function useInviteToken(): string | undefined {
  const [params] = useSearchParams();
  return params.get(INVITE_PARAM)?.trim() || undefined;
}

/** The address an invitation link was sent to (only beside its token), for the forms to fill in. */
export function useInvitedEmail(): string {
  const [params] = useSearchParams();
  return params.get(INVITE_PARAM) ? (params.get(INVITE_EMAIL_PARAM)?.trim() ?? '') : '';
}

/** `path` keeping the invitation, so switching between sign-up and sign-in does not lose it. */
export function withInvite(path: string, token: string | undefined, email?: string): string {
  if (!token) return path;
  const params = new URLSearchParams({
    [INVITE_PARAM]: token,
    ...(email ? { [INVITE_EMAIL_PARAM]: email } : {}),
  });
  return `${path}?${params}`;
}

/** Tells someone who followed an invite link that signing up or in joins the inviting company. */
export function InviteNotice({ token }: { token: string | undefined }) {
  if (!token) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-primary/30 bg-accent p-3 text-sm text-accent-foreground"
    >
      <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      You were invited to join a company. Use the email address the invitation was sent to, and you join it as
      you sign up or sign in.
    </p>
  );
}

/**
 * Where the user goes after signing up or in: someone who just joined a company through an
 * invitation goes straight to its projects (the company's trial and billing are its owner's concern).
 */
export function homeAfterAuth(user: UserDto, inviteToken: string | undefined): string {
  return inviteToken && user.company ? '/projects' : homeAfterSignIn(user);
}
