import { FolderKanban } from 'lucide-react';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';

/** /projects (and / when signed in): the portfolio of projects. Built in a later release. */
export function PortfolioPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Portfolio" description="All your construction projects in one place." />
      <ComingSoon icon={FolderKanban}>
        Your project cards, status filters, search and the New Project dialog (with AI planning from an
        estimate) will appear here.
      </ComingSoon>
    </div>
  );
}
