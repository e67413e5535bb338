/** What a period of the schedule shows: its days and the project filter (null = all projects). */
export interface PeriodFilter {
  from: string;
  to: string;
  projectId: number | null;
}

/** GET /api/tasks?from&to[&projectId]: the address of a period's tasks. */
export function periodTasksPath(filter: PeriodFilter): string {
  const query = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.projectId !== null) query.set('projectId', String(filter.projectId));
  return `/api/tasks?${query}`;
}
