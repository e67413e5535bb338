/**
 * The counters of the insights screen over the insights in view: each type counts only active
 * insights. Savings are summed per currency by the screen (projects may keep different currencies).
 */
export interface CountedInsight {
  type: 'risk' | 'opportunity' | 'recommendation';
  isActive: boolean;
  /** Decimal text (`"1250.00"`) or a number; null when not estimated. */
  potentialSavings: string | number | null;
}

export interface InsightCounters {
  activeRisks: number;
  opportunities: number;
  recommendations: number;
}

export function insightCounters(insights: readonly CountedInsight[]): InsightCounters {
  const active = insights.filter((i) => i.isActive);
  return {
    activeRisks: active.filter((i) => i.type === 'risk').length,
    opportunities: active.filter((i) => i.type === 'opportunity').length,
    recommendations: active.filter((i) => i.type === 'recommendation').length,
  };
}
