import { Info, Landmark, Lock, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { UserDto } from '@/contracts/auth';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { MANAGERS_ONLY_LINE, managesCompany } from '@/web/lib/access';
import { CancelTrialCard } from '../components/cancel-trial-card';
import { CompanyLocationCard } from '../components/company-location-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { PasswordCard } from '../components/password-card';
import { SessionsCard } from '../components/sessions-card';
import { SettingsCard } from '../components/settings-card';
import { TeamCard } from '../components/team-card';
import { TwoFactorCard } from '../components/two-factor-card';

/**
 * /account-settings: profile link, the trial cancel card while on trial (for the owner and admins;
 * members read who can cancel), the company's location, Password & Security (change the password), the signed-in sessions, Team for owners and admins, Admin Management for admins, Account Deletion and About.
 */
export function AccountSettingsPage({ user }: { user: UserDto }) {
  const onTrial = user.company?.subscriptionStatus === 'trial';
  const manager = managesCompany(user);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title="Account Settings" description="Manage your account, security and subscription." />
      <SettingsCard icon={UserRound} title="Profile" description="Your name and subscription details.">
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to="/profile">View Profile</Link>
        </Button>
      </SettingsCard>
      {onTrial && manager && <CancelTrialCard user={user} />}
      {!manager && user.company && (
        <SettingsCard
          icon={Lock}
          title="Subscription"
          description="Your company's trial and subscription are managed for the whole team."
        >
          <p role="note" className="text-sm">
            {MANAGERS_ONLY_LINE}
          </p>
        </SettingsCard>
      )}
      <CompanyLocationCard user={user} />
      <PasswordCard />
      <SessionsCard />
      <TwoFactorCard user={user} />
      {manager && user.companyId !== null && <TeamCard />}
      {manager && user.companyId !== null && (
        <SettingsCard
          icon={Landmark}
          title="Accounting"
          description="Map cost codes, jobs and vendors to QuickBooks or Xero, and export bills and invoices."
        >
          <Button asChild variant="outline" className="w-full sm:w-fit">
            <Link to="/settings/accounting">Open Accounting</Link>
          </Button>
        </SettingsCard>
      )}
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
