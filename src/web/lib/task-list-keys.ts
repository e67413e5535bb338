/**
 * Query keys of the task lists (`GET /api/tasks`, a period's or a project's tasks as the schedule
 * shows them), shared by every feature that reads them or changes a task: a change refreshes them
 * through `taskListKeys.all()`.
 */
export const taskListKeys = {
  all: () => ['/api/tasks', 'list'] as const,
  period: (filter: { from: string; to: string; projectId: number | null }) =>
    ['/api/tasks', 'list', filter.from, filter.to, filter.projectId ?? 'all'] as const,
};
