import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { useCompanyLookahead } from '../api/get-company-lookahead';
import { LookaheadBody } from '../components/lookahead-body';
import { LookaheadToolbar } from '../components/lookahead-toolbar';
import { useLookaheadParams } from '../lib/lookahead-params';
import { windowLabel } from '../lib/window-label';

const NO_PROJECTS: [] = [];

/** /schedule/lookahead: the work of every project under way in the next weeks, from today. */
export function CompanyLookaheadPage() {
  const [params, setParams] = useLookaheadParams();
  const lookahead = useCompanyLookahead(params.weeks);
  const data = lookahead.data;
  const projects = data
    ? data.projects.length === 1
      ? '1 project'
      : `${data.projects.length} projects`
    : '';
  return (
    <div className="lookahead-page grid grid-cols-1 gap-4">
      <Button asChild variant="ghost" size="sm" className="w-fit print:hidden">
        <Link to="/schedule">
          <ArrowLeft aria-hidden="true" />
          Back to schedule
        </Link>
      </Button>
      <PageHeader
        title="Look-ahead"
        description={data ? `${windowLabel(data)} from today · ${projects} under way` : undefined}
        actions={<LookaheadToolbar params={params} onChange={setParams} />}
      />
      <LookaheadBody
        query={lookahead}
        projects={data?.projects ?? NO_PROJECTS}
        grouping={params.grouping}
        showProject
      />
    </div>
  );
}
