import { ArrowLeft, ListChecks } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';

/** /projects/:projectId/tasks/:taskId: one task. Built in a later release. */
export function TaskDetailPage() {
  const { projectId } = useParams();
  return (
    <div className="grid gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to={projectId ? `/projects/${encodeURIComponent(projectId)}` : '/projects'}>
          <ArrowLeft aria-hidden="true" />
          Back to Project
        </Link>
      </Button>
      <PageHeader title="Task Details" />
      <ComingSoon icon={ListChecks}>
        The task checklist, updates, materials status and notes will appear here.
      </ComingSoon>
    </div>
  );
}
