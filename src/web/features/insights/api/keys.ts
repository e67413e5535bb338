/**
 * Query keys of the insights screen. A key's segments joined with '/' are its GET path; the project
 * filter travels as the query string, which the fetchers below add themselves.
 */
export const insightKeys = {
  /** Every insights query (lists and analyses) starts with this. */
  all: () => ['/api/ai-insights'] as const,
  list: (projectId: number | null) => ['/api/ai-insights', { projectId }] as const,
  analysis: (projectId: number | null) => ['/api/ai-insights', 'analysis', { projectId }] as const,
};

/** `?projectId=3`, or nothing for the whole portfolio. */
export const projectQuery = (projectId: number | null) =>
  projectId === null ? '' : `?projectId=${projectId}`;
