import { Settings } from 'lucide-react';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';

/** /account-settings: trial, password, account deletion. Built in a later release. */
export function AccountSettingsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Account Settings" description="Manage your account, security and subscription." />
      <ComingSoon icon={Settings}>
        Password and security, trial cancellation and account deletion will appear here.
      </ComingSoon>
    </div>
  );
}
