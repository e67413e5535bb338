import type { InsightDto } from '@/contracts/ai';

/** Where an insight leads: its task's page, else its project's, else nowhere. */
export function insightTarget(
  insight: Pick<InsightDto, 'projectId' | 'taskId'>,
): { to: string; label: string } | null {
  if (insight.projectId === null) return null;
  if (insight.taskId !== null)
    return { to: `/projects/${insight.projectId}/tasks/${insight.taskId}`, label: 'Open task' };
  return { to: `/projects/${insight.projectId}`, label: 'Open project' };
}
