/**
 * The counters of the insights screen over the insights in view: each type counts only active
 * insights, and Potential Savings is the sum of the active ones' savings.
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
  potentialSavings: number;
}

export function insightCounters(insights: readonly CountedInsight[]): InsightCounters {
  const active = insights.filter((i) => i.isActive);
  const savings = active.reduce((sum, i) => {
    const n = Number(i.potentialSavings ?? 0);
    return Number.isFinite(n) ? sum + n : sum;
  }, 0);
  return {
    activeRisks: active.filter((i) => i.type === 'risk').length,
    opportunities: active.filter((i) => i.type === 'opportunity').length,
    recommendations: active.filter((i) => i.type === 'recommendation').length,
    potentialSavings: Math.round(savings * 100) / 100,
  };
}
