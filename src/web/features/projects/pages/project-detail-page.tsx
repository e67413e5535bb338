import { ArrowLeft, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';

/** /projects/:projectId: one project's details and timeline. Built in a later release. */
export function ProjectDetailPage() {
  return (
    <div className="grid gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to="/projects">
          <ArrowLeft aria-hidden="true" />
          Back to Portfolio
        </Link>
      </Button>
      <PageHeader title="Project Details" />
      <ComingSoon icon={ClipboardList}>
        Budget, task counts, progress, recent updates and the project timeline will appear here.
      </ComingSoon>
    </div>
  );
}
