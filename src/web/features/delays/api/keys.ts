/**
 * Query keys of delays. They start with the project's own keys (`/api/projects`, id), so whatever
 * refreshes a project after a change refreshes its delays too; and a delay recorded or removed
 * refreshes everything of the project (its tasks moved).
 */
export const delayKeys = {
  project: (projectId: number) => ['/api/projects', projectId] as const,
  list: (projectId: number) => ['/api/projects', projectId, 'delays'] as const,
  taskChoices: (projectId: number) => ['/api/projects', projectId, 'tasks', 'delay-choices'] as const,
};
