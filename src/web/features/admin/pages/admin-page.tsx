import { ShieldCheck } from 'lucide-react';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';

/** /admin: user management and feedback (owners and admins only). Built in a later release. */
export function AdminPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Admin Dashboard" description="User management and customer feedback." />
      <ComingSoon icon={ShieldCheck}>The users table and the feedback inbox will appear here.</ComingSoon>
    </div>
  );
}
