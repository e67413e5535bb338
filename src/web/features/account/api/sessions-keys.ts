import { sessionPaths } from '@/contracts/sessions';

/** The query key of the signed-in user's list of sessions, also the path its GET fetches. */
export const accountSessionKeys = { list: () => [sessionPaths.list] as const };
