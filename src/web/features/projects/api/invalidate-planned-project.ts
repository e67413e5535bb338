import type { QueryClient } from '@tanstack/react-query';
import { aiPaths } from '@/contracts/ai';
import { projectKeys } from './keys';

/** What a new plan changes: the project's tasks, its schedule, its figures, its generations and the portfolio's. */
export async function invalidatePlannedProject(queryClient: QueryClient, id: number) {
  await Promise.all([
    // The Gantt's schedule (computed on demand) is asked for again, at once if it is open.
    queryClient.invalidateQueries({ queryKey: projectKeys.schedule(id) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.tasks(id) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(id), exact: true }),
    queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
    queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
    // The project page's account of its generations (running, waiting for answers).
    queryClient.invalidateQueries({ queryKey: [aiPaths.projectPlans(id)] }),
  ]);
}
