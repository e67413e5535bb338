import { RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import type { InsightDto } from '@/contracts/ai';
import { insightCounters } from '@/domain/insights/counters';
import { byPriority } from '@/domain/insights/priority';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { useDismissInsight } from '../api/dismiss-insight';
import { useInsights } from '../api/get-insights';
import { usePortfolioAnalysis } from '../api/get-portfolio-analysis';
import { useInsightProjects } from '../api/get-projects';
import { useRefreshInsights } from '../api/refresh-insights';
import { InsightCounters } from '../components/insight-counters';
import { InsightList } from '../components/insight-list';
import { KeyRecommendations } from '../components/key-recommendations';
import { PortfolioSummaryCard } from '../components/portfolio-summary-card';
import { ProjectFilter } from '../components/project-filter';
import { portfolioMoney, savingsByCurrency } from '../components/savings-by-currency';
import { useProjectParam } from '../components/use-project-param';

/** /ai-insights: the portfolio's risks, opportunities and recommendations, with its written analysis. */
export function AiInsightsPage() {
  const [projectId, setProjectId] = useProjectParam();
  const projects = useInsightProjects();
  const insights = useInsights(projectId);
  const analysis = usePortfolioAnalysis(projectId);
  const refresh = useRefreshInsights();
  const dismiss = useDismissInsight();

  // Most pressing first: Key Recommendations are the first five of this order.
  const list = useMemo(() => (insights.data ? byPriority(insights.data) : undefined), [insights.data]);
  const counters = useMemo(() => (list ? insightCounters(list) : null), [list]);
  const projectNames = useMemo(
    () => new Map((projects.data ?? []).map((p) => [p.id, p.name])),
    [projects.data],
  );
  const money = useMemo(() => portfolioMoney(projects.data ?? [], projectId), [projects.data, projectId]);
  const savings = useMemo(
    () => (list ? savingsByCurrency(list, money.currencies, money.fallback) : null),
    [list, money],
  );
  const totalProjects = projects.data ? (projectId === null ? projects.data.length : 1) : null;

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Analysis refreshed', description: 'Insights were recomputed from your projects.' }),
      onError: () =>
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to refresh the analysis.' }),
    });
  const onDismiss = (insight: InsightDto) =>
    dismiss.mutate(insight.id, {
      onSuccess: () => toast({ title: 'Insight dismissed' }),
      onError: () =>
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to dismiss the insight.' }),
    });

  return (
    <div className="grid gap-6">
      <PageHeader
        title="AI Insights"
        description="Risks, opportunities and recommendations across your portfolio."
        actions={
          <Button onClick={onRefresh} disabled={refresh.isPending}>
            <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
            {refresh.isPending ? 'Refreshing...' : 'Refresh Analysis'}
          </Button>
        }
      />
      <InsightCounters
        projects={totalProjects}
        counters={counters}
        savings={savings}
        currency={money.shared}
      />
      <ProjectFilter projects={projects.data ?? []} projectId={projectId} onChange={setProjectId} />
      <PortfolioSummaryCard analysis={analysis.data?.analysis} failed={analysis.isError} />
      {list ? (
        <>
          <KeyRecommendations insights={list} projectNames={projectNames} />
          <InsightList
            insights={list}
            projectNames={projectNames}
            currencyOf={money.currencyOf}
            onDismiss={onDismiss}
            dismissingId={dismiss.isPending ? (dismiss.variables ?? null) : null}
          />
        </>
      ) : insights.isError ? (
        <p className="text-sm text-destructive">The insights could not be loaded.</p>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Loading insights" />
        </div>
      )}
    </div>
  );
}
