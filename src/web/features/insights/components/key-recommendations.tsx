import { Link } from 'react-router';
import type { InsightDto } from '@/contracts/ai';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { InsightBadges } from './insight-badges';
import { insightTarget } from './insight-link';
import { recommendationGroups } from './recommendation-groups';

/** How many recommendations Key Recommendations lists: the first ones, most pressing first. */
export const KEY_RECOMMENDATIONS = 5;

/**
 * Key Recommendations: the first five pieces of advice in view, each with what to do and the
 * projects it is for; the same advice for several insights is listed once.
 */
export function KeyRecommendations({
  insights,
  projectNames,
}: {
  insights: InsightDto[];
  projectNames: ReadonlyMap<number, string>;
}) {
  const first = recommendationGroups(insights, projectNames, KEY_RECOMMENDATIONS);
  return (
    <Card role="region" aria-labelledby="key-recommendations">
      <CardHeader>
        <CardTitle as="h2" id="key-recommendations">
          Key Recommendations
        </CardTitle>
        <CardDescription>The most pressing actions across the insights in view.</CardDescription>
      </CardHeader>
      <CardContent>
        {first.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recommendations right now.</p>
        ) : (
          <ol className="grid gap-3">
            {first.map(({ insight, projects }, i) => {
              const target = insightTarget(insight);
              return (
                <li key={insight.id} className="flex gap-3">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
                    {i + 1}
                  </span>
                  <div className="min-w-0 grid gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      {target ? (
                        <Link to={target.to} className="font-medium hover:underline">
                          {insight.title}
                        </Link>
                      ) : (
                        <span className="font-medium">{insight.title}</span>
                      )}
                      <InsightBadges insight={insight} />
                    </div>
                    {projects.length > 0 && (
                      <p className="text-xs text-muted-foreground" data-testid="recommendation-projects">
                        {projects.join(', ')}
                      </p>
                    )}
                    {insight.recommendation && (
                      <p className="text-sm break-words text-muted-foreground">{insight.recommendation}</p>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
