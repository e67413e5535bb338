import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { useProjectLookahead } from '../api/get-project-lookahead';
import { LookaheadBody } from '../components/lookahead-body';
import { LookaheadToolbar } from '../components/lookahead-toolbar';
import { useLookaheadParams } from '../lib/lookahead-params';
import { windowLabel } from '../lib/window-label';

/** /projects/:projectId/lookahead: the project's work of the next weeks, to print and hand out. */
export function ProjectLookaheadPage() {
  const projectId = Number(useParams().projectId);
  const [params, setParams] = useLookaheadParams();
  const lookahead = useProjectLookahead(projectId, params.weeks);
  const data = lookahead.data;
  const calendars = useMemo(() => (data ? [{ id: data.projectId, calendar: data.calendar }] : []), [data]);
  const origin = data ? (data.dataDate ? 'from the data date' : 'from today') : '';
  return (
    <div className="lookahead-page grid grid-cols-1 gap-4">
      <Button asChild variant="ghost" size="sm" className="w-fit print:hidden">
        <Link to={`/projects/${projectId}`}>
          <ArrowLeft aria-hidden="true" />
          Back to project
        </Link>
      </Button>
      <PageHeader
        title={data ? `${data.projectName} — Look-ahead` : 'Look-ahead'}
        description={data ? `${windowLabel(data)} ${origin}` : undefined}
        actions={<LookaheadToolbar params={params} onChange={setParams} />}
      />
      {data?.scheduleError && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Floats are not shown: {data.scheduleError}
        </p>
      )}
      <LookaheadBody query={lookahead} projects={calendars} grouping={params.grouping} />
    </div>
  );
}
