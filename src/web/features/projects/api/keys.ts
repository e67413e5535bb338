/**
 * Query keys of projects, tasks, updates and documents. A key's segments joined with '/' are its
 * GET path, so the default query fetcher can load any of them.
 */
export const projectKeys = {
  /** Every project query (the list, each project and what hangs under it) starts with this. */
  all: () => ['/api/projects'] as const,
  list: () => ['/api/projects'] as const,
  stats: () => ['/api/projects/stats'] as const,
  detail: (id: number) => ['/api/projects', id] as const,
  tasks: (id: number) => ['/api/projects', id, 'tasks'] as const,
  updates: (id: number) => ['/api/projects', id, 'updates'] as const,
  documents: (id: number) => ['/api/projects', id, 'documents'] as const,
  /** GET …/schedule: the computed schedule (the answer of POST …/schedule is stored here too). */
  schedule: (id: number) => ['/api/projects', id, 'schedule'] as const,
};

export const taskKeys = {
  all: () => ['/api/tasks'] as const,
  detail: (id: number) => ['/api/tasks', id] as const,
  updates: (id: number) => ['/api/tasks', id, 'updates'] as const,
  documents: (id: number) => ['/api/tasks', id, 'documents'] as const,
};
