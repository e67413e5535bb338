/**
 * Key Recommendations as the contractor reads them: each names the projects it is for, and the
 * same advice raised for several insights (the same title and recommendation, in one project or
 * several) is listed once, with every project it concerns.
 */
import type { InsightDto } from '@/contracts/ai';

export interface RecommendationGroup {
  /** The first insight of the group (most pressing first): its title, badges and link. */
  insight: InsightDto;
  /** The names of the projects the advice is for, in the order first met; empty for none known. */
  projects: string[];
  /** How many insights the group stands for. */
  count: number;
}

const sameAdvice = (i: InsightDto) => `${i.title}\u0000${i.recommendation ?? ''}`;

/** The insights (most pressing first) grouped by identical advice, at most `limit` groups. */
export function recommendationGroups(
  insights: readonly InsightDto[],
  projectNames: ReadonlyMap<number, string>,
  limit: number,
): RecommendationGroup[] {
  const groups = new Map<string, RecommendationGroup>();
  for (const insight of insights) {
    const key = sameAdvice(insight);
    const group = groups.get(key) ?? { insight, projects: [], count: 0 };
    if (!groups.has(key)) {
      if (groups.size >= limit) continue;
      groups.set(key, group);
    }
    group.count += 1;
    const name = insight.projectId === null ? undefined : projectNames.get(insight.projectId);
    if (name !== undefined && !group.projects.includes(name)) group.projects.push(name);
  }
  return [...groups.values()];
}
