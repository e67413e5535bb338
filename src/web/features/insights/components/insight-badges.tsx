import type { InsightDto } from '@/contracts/ai';
import { Badge } from '@/web/components/ui/badge';

const SEVERITY_VARIANT = { high: 'destructive', medium: 'warning', low: 'muted' } as const;
const TYPE_VARIANT = { risk: 'outline', opportunity: 'success', recommendation: 'info' } as const;
const TYPE_LABEL = { risk: 'Risk', opportunity: 'Opportunity', recommendation: 'Recommendation' } as const;
const SEVERITY_LABEL = { high: 'High', medium: 'Medium', low: 'Low' } as const;

/** The insight's type and severity. */
export function InsightBadges({ insight }: { insight: Pick<InsightDto, 'type' | 'severity'> }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge variant={TYPE_VARIANT[insight.type]}>{TYPE_LABEL[insight.type]}</Badge>
      <Badge variant={SEVERITY_VARIANT[insight.severity]}>{SEVERITY_LABEL[insight.severity]} severity</Badge>
    </span>
  );
}
