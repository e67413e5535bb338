import { teamPaths } from '@/contracts/team';

/** The team query's key, also the path its GET fetches. */
export const teamKeys = { team: () => [teamPaths.team] as const };
