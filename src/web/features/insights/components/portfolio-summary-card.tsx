import { Sparkles } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';

/** AI Portfolio Analysis Summary: the written analysis of the portfolio (or the project in view). */
export function PortfolioSummaryCard({
  analysis,
  failed,
}: {
  analysis: string | undefined;
  failed: boolean;
}) {
  return (
    <Card aria-labelledby="portfolio-summary">
      <CardHeader>
        <CardTitle as="h2" id="portfolio-summary" className="flex items-center gap-2">
          <Sparkles aria-hidden="true" className="size-5 text-primary" />
          AI Portfolio Analysis Summary
        </CardTitle>
      </CardHeader>
      <CardContent>
        {analysis !== undefined ? (
          <p className="text-sm leading-relaxed whitespace-pre-line" data-testid="portfolio-analysis">
            {analysis}
          </p>
        ) : failed ? (
          <p className="text-sm text-destructive">The portfolio analysis could not be loaded.</p>
        ) : (
          <Spinner label="Analysing the portfolio" />
        )}
      </CardContent>
    </Card>
  );
}
