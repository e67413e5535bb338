import { aiPaths } from '@/contracts/ai';

/**
 * Query keys of the estimate review. Each key starts with its GET path, as the app's other keys do,
 * so whatever refreshes a generation (`/api/plans/{id}`) refreshes the review's copy too.
 */
export const reviewKeys = {
  reading: (generationId: number) => [aiPaths.planReading(generationId)] as const,
  generation: (generationId: number) => [aiPaths.plan(generationId), 'review'] as const,
  /** The project's generations, as the project page reads them (`GET /api/projects/{id}/plans`). */
  projectPlans: (projectId: number) => [aiPaths.projectPlans(projectId)] as const,
};
