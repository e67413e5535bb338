/** The order insights are read in: most severe first; risks before opportunities before recommendations. */
type Level = 'high' | 'medium' | 'low';
type Kind = 'risk' | 'opportunity' | 'recommendation';

const SEVERITY_RANK: Record<Level, number> = { high: 0, medium: 1, low: 2 };
const TYPE_RANK: Record<Kind, number> = { risk: 0, opportunity: 1, recommendation: 2 };

export function compareFindings(
  a: { severity: Level; type: Kind },
  b: { severity: Level; type: Kind },
): number {
  return SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || TYPE_RANK[a.type] - TYPE_RANK[b.type];
}

/** The insights by priority; insights of equal priority keep their order (newest first as listed). */
export function byPriority<T extends { severity: Level; type: Kind }>(insights: readonly T[]): T[] {
  return [...insights].sort(compareFindings);
}
