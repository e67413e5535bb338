import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/web/components/page-header';
import { EmptyBlock, LoadFailed, LoadingBlock } from '@/web/components/query-states';
import { Button } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useProjectBudget } from '../api/get-budget';
import { BudgetByCode } from '../components/budget-by-code';
import { BudgetFigures } from '../components/budget-figures';

/**
 * /projects/:projectId/budget: the project's original budget as its estimate was read, by cost code,
 * with the estimate lines behind each figure.
 */
export function ProjectBudgetPage() {
  const projectId = Number(useParams().projectId);
  const query = useProjectBudget(projectId);
  const data = query.data;
  useDocumentTitle(data ? `${data.projectName} — Budget` : 'Budget');
  return (
    <div className="grid gap-5">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to={`/projects/${projectId}`}>
          <ArrowLeft aria-hidden="true" />
          Back to project
        </Link>
      </Button>
      <PageHeader
        title={data ? `${data.projectName} — Budget` : 'Budget'}
        description="The original budget from the project's estimate: every priced line on its cost code and task. Allowances and charges stay lines of their own."
      />
      {query.isPending && <LoadingBlock />}
      {query.isError && <LoadFailed what="The budget" error={query.error} />}
      {data && data.lines.length === 0 && (
        <EmptyBlock>
          No budget yet. Generate a plan from the project&apos;s estimate, and its priced lines become the
          project&apos;s budget.
        </EmptyBlock>
      )}
      {data && data.lines.length > 0 && (
        <>
          <BudgetFigures budget={data} />
          <BudgetByCode budget={data} />
        </>
      )}
    </div>
  );
}
