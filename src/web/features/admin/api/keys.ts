import { feedbackPaths } from '@/contracts/feedback';

/** Query keys of the admin console; each is also the path its GET fetches. */
export const adminKeys = {
  users: () => ['/api/admin/users'] as const,
  feedback: () => [feedbackPaths.list] as const,
};
