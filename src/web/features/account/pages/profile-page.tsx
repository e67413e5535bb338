import { UserRound } from 'lucide-react';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';

/** /profile: personal information and subscription details. Built in a later release. */
export function ProfilePage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Profile" description="Your personal information and subscription." />
      <ComingSoon icon={UserRound}>
        Editing your name and viewing your subscription will appear here.
      </ComingSoon>
    </div>
  );
}
