import type { InsightDto } from '@/contracts/ai';
import { Card, CardContent } from '@/web/components/ui/card';
import { InsightCard } from './insight-card';

/** Every insight in view as a card; a note when there is none. */
export function InsightList({
  insights,
  projectNames,
  currencyOf,
  onDismiss,
  dismissingId,
}: {
  insights: InsightDto[];
  projectNames: Map<number, string>;
  /** The currency an insight's money is in (its project's). */
  currencyOf: (insight: InsightDto) => string;
  onDismiss: (insight: InsightDto) => void;
  dismissingId: number | null;
}) {
  if (insights.length === 0) {
    return (
      <Card>
        <CardContent className="py-10 text-center text-sm text-muted-foreground">
          No active insights. Press Refresh Analysis to analyse your projects again.
        </CardContent>
      </Card>
    );
  }
  return (
    <section aria-labelledby="all-insights" className="grid gap-4">
      <h2 id="all-insights" className="text-lg font-semibold tracking-tight">
        All Insights
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {insights.map((insight) => (
          <InsightCard
            key={insight.id}
            insight={insight}
            projectName={insight.projectId === null ? null : (projectNames.get(insight.projectId) ?? null)}
            currency={currencyOf(insight)}
            onDismiss={onDismiss}
            dismissing={dismissingId === insight.id}
          />
        ))}
      </div>
    </section>
  );
}
