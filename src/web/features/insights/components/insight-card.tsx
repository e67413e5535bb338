import { ArrowRight, X } from 'lucide-react';
import { Link } from 'react-router';
import type { InsightDto } from '@/contracts/ai';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatMoney } from '@/web/lib/format';
import { InsightBadges } from './insight-badges';
import { insightTarget } from './insight-link';

/** One insight: what it found, its impact and recommendation, a link to what it is about, and Dismiss. */
export function InsightCard({
  insight,
  projectName,
  currency,
  onDismiss,
  dismissing,
}: {
  insight: InsightDto;
  projectName: string | null;
  /** The currency of the insight's project, which its savings are in. */
  currency: string;
  onDismiss: (insight: InsightDto) => void;
  dismissing: boolean;
}) {
  const target = insightTarget(insight);
  const savings = Number(insight.potentialSavings ?? 0);
  return (
    <Card data-testid="insight-card" aria-label={insight.title} role="article">
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-3">
          <InsightBadges insight={insight} />
          <Button
            variant="ghost"
            size="sm"
            className="-mt-1 -mr-2 text-muted-foreground"
            onClick={() => onDismiss(insight)}
            disabled={dismissing}
            aria-label={`Dismiss "${insight.title}"`}
          >
            <X aria-hidden="true" />
            Dismiss
          </Button>
        </div>
        <CardTitle className="text-base leading-snug">{insight.title}</CardTitle>
        {projectName && <p className="text-xs text-muted-foreground">{projectName}</p>}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="break-words">{insight.description}</p>
        {insight.impact && (
          <p className="break-words">
            <span className="font-medium">Impact: </span>
            {insight.impact}
          </p>
        )}
        {insight.recommendation && (
          <p className="break-words">
            <span className="font-medium">Recommendation: </span>
            {insight.recommendation}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          {savings > 0 ? (
            <p className="font-medium text-green-700">Potential savings: {formatMoney(savings, currency)}</p>
          ) : (
            <span />
          )}
          {target && (
            <Button asChild variant="outline" size="sm">
              <Link to={target.to}>
                {target.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
