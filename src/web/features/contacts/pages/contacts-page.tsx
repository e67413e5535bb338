import { Users } from 'lucide-react';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';

/** /contacts: the contact network. Built in a later release. */
export function ContactsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Contacts" description="Clients, subcontractors, vendors and architects." />
      <ComingSoon icon={Users}>
        Search, the contact tabs and the card grid with add and edit dialogs will appear here.
      </ComingSoon>
    </div>
  );
}
