/**
 * Query keys of the look-ahead. A project's starts with the project's own keys (`/api/projects`,
 * id), so whatever refreshes a project after a change refreshes its look-ahead too.
 */
export const lookaheadKeys = {
  project: (projectId: number, weeks: number) =>
    ['/api/projects', projectId, 'lookahead', { weeks }] as const,
  company: (weeks: number) => ['/api/lookahead', { weeks }] as const,
};
