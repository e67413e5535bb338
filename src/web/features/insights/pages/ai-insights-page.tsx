import { Sparkles } from 'lucide-react';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';

/** /ai-insights: risks, opportunities and recommendations. Built in a later release. */
export function AiInsightsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="AI Insights"
        description="Risks, opportunities and recommendations across your portfolio."
      />
      <ComingSoon icon={Sparkles}>
        The portfolio analysis summary, insight counters and key recommendations will appear here.
      </ComingSoon>
    </div>
  );
}
