import { ArrowLeft, Download, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { delayCsvPath } from '@/contracts/delays';
import { PageHeader } from '@/web/components/page-header';
import { EmptyBlock, LoadFailed, LoadingBlock } from '@/web/components/query-states';
import { Button } from '@/web/components/ui/button';
import { useDelays } from '../api/get-delays';
import { DelayCards } from '../components/delay-cards';
import { DelayTable } from '../components/delay-table';
import { DelayTotals } from '../components/delay-totals';
import { RecordDelayDialog } from '../components/record-delay-dialog';

function Actions({ projectId }: { projectId: number }) {
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      <RecordDelayDialog projectId={projectId} />
      <Button asChild variant="outline" size="sm">
        <a href={delayCsvPath(projectId)} download>
          <Download aria-hidden="true" />
          Download CSV
        </a>
      </Button>
      <Button variant="outline" size="sm" onClick={() => window.print()}>
        <Printer aria-hidden="true" />
        Print
      </Button>
    </div>
  );
}

/**
 * /projects/:projectId/delays: the delay report. Each delay with its cause, whether its task was
 * critical when it happened and the finish movement it caused, with totals per cause: the record a
 * contractor attaches to a time-extension request. Prints as a landscape sheet without the app's frame.
 */
export function ProjectDelaysPage() {
  const projectId = Number(useParams().projectId);
  const query = useDelays(projectId);
  const data = query.data;
  return (
    <div className="delays-page grid gap-5">
      <Button asChild variant="ghost" size="sm" className="w-fit print:hidden">
        <Link to={`/projects/${projectId}`}>
          <ArrowLeft aria-hidden="true" />
          Back to project
        </Link>
      </Button>
      <PageHeader
        title={data ? `${data.projectName} — Delays` : 'Delays'}
        description="Each delay, whether its task was on the critical path when it happened, and how far it moved the project finish (working days)."
        actions={<Actions projectId={projectId} />}
      />
      {query.isPending && <LoadingBlock />}
      {query.isError && <LoadFailed what="The delays" error={query.error} />}
      {data && data.delays.length === 0 && (
        <EmptyBlock>
          No delays recorded. Record one when weather, a late delivery, an owner&apos;s change or an
          inspection costs a task working days.
        </EmptyBlock>
      )}
      {data && data.delays.length > 0 && (
        <>
          <DelayTotals delays={data.delays} />
          <DelayTable delays={data.delays} />
          <DelayCards delays={data.delays} />
          <p className="hidden text-xs text-muted-foreground print:block">
            Finish movement is in working days on the project calendar, as computed when each delay was
            recorded.
          </p>
        </>
      )}
    </div>
  );
}
